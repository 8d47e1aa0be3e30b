import type { I18n } from '@lingui/core'
import type { SessionStore } from '../lib/sessionStore.ts'
import { recheckPush } from './pushDevice.ts'

/**
 * The start re-check of this device's push subscription (pushDevice.ts): each time the session becomes a customer the
 * server answered for, and when the language changes (the server renders in the row's language). Never asks permission.
 */
export function recheckPushWhileSignedIn(session: SessionStore, i18n: I18n): () => void {
  let signedIn = false
  const recheck = () => void recheckPush(i18n).catch(() => undefined)
  const follow = () => {
    const now = session.get()
    const answered = now.status === 'customer' && !now.offline
    if (answered && !signedIn) recheck()
    signedIn = answered
  }
  const stopFollowing = session.subscribe(follow)
  follow()
  const stopListening = i18n.on('change', () => signedIn && recheck())
  return () => {
    stopFollowing()
    stopListening()
  }
}
