import type { ActorRefFrom } from 'xstate'
import type { authMachine } from '../../../../machines/auth.machine.ts'

type AuthActor = ActorRefFrom<typeof authMachine>

/** How long the app waits before asking the server again, attempt after attempt, while it shows the customer offline. */
export const OFFLINE_PROBE_DELAYS_MS = [3_000, 6_000, 12_000, 30_000, 60_000] as const

/**
 * A network that reports "online" while it carries nothing, or a page the worker served while offline, may never
 * fire 'online': while the customer is shown from the device's memory the server is asked now and then (`ask`, the
 * session call, never cached), and once it answers the connection is back (`returned`: the session is checked
 * again, the outbox sends). Only an answer leaves the offline view, so the customer sees no flicker while the
 * network stays away.
 */
export function probeWhileOffline(actor: AuthActor, ask: () => Promise<unknown>, returned: () => void): { stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  // A wait or a question under way: never two at once.
  let busy = false
  let attempt = 0
  const offline = () => actor.getSnapshot().matches('loggedInOffline')
  const schedule = () => {
    busy = true
    const delay = OFFLINE_PROBE_DELAYS_MS[Math.min(attempt, OFFLINE_PROBE_DELAYS_MS.length - 1)]
    attempt += 1
    timer = setTimeout(() => {
      timer = undefined
      ask().then(
        () => {
          busy = false
          if (offline()) returned()
        },
        () => {
          busy = false
          if (offline()) schedule()
        },
      )
    }, delay)
  }
  const cancel = () => {
    clearTimeout(timer)
    timer = undefined
    busy = false
  }
  const subscription = actor.subscribe((snapshot) => {
    if (snapshot.matches('loggedInOffline')) {
      if (!busy) schedule()
      return
    }
    cancel()
    // A check that found the server still away comes back here and waits longer; an answer starts afresh.
    if (!snapshot.matches('checking') && !snapshot.matches('recalling')) attempt = 0
  })
  return {
    stop: () => {
      cancel()
      subscription.unsubscribe()
    },
  }
}
