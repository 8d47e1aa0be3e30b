import type { User } from '../../../domain/account.ts'

/** What one tab tells the others about the session. */
export type AuthMessage = { type: 'signedIn'; user: User } | { type: 'signedOut' }

const CHANNEL = 'auth'

/** Opens the 'auth' channel between this origin's tabs; a browser without BroadcastChannel gets a silent stub. */
export function openAuthChannel(onMessage: (message: AuthMessage) => void): {
  post: (message: AuthMessage) => void
  close: () => void
} {
  if (typeof BroadcastChannel === 'undefined') return { post: () => {}, close: () => {} }
  const channel = new BroadcastChannel(CHANNEL)
  channel.onmessage = (event: MessageEvent<AuthMessage>) => onMessage(event.data)
  return { post: (message) => channel.postMessage(message), close: () => channel.close() }
}
