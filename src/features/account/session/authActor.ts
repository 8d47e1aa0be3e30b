import { createActor } from 'xstate'
import { fetchSession, login } from '../../../api/account.ts'
import type { Running } from '../../../lib/actorStore.ts'
import { connectionReturned, onConnectionReturned } from '../../../lib/connection.ts'
import type { OutboxPort } from '../../../lib/ports.ts'
import type { AuthActor } from '../../../lib/sessionStore.ts'
import { openAuthChannel } from './authBroadcast.ts'
import { probeWhileOffline } from './offlineProbe.ts'
import { type AuthCallbacks, provideAuth } from './authEffects.ts'
import { clearCustomerData } from './customerData.ts'
import { forgetCustomer, fresherCustomer, logPosition, recallCustomer, rememberCustomer, storedCopy } from './knownCustomer.ts'
import { logoutPendingFor, queueLogout, settleLogouts } from './logoutQueue.ts'
import { dropSessionHint, sessionTag } from '../../../lib/signedInHint.ts'

/** The device's ports of the auth effects; logouts go out through the app's outbox. */
const device = (outbox: OutboxPort) => ({
  api: { fetchSession, login },
  memory: { recall: recallCustomer, remember: rememberCustomer, forget: forgetCustomer, position: logPosition, fresher: fresherCustomer },
  logouts: { pendingFor: logoutPendingFor, settle: () => settleLogouts(outbox), queue: () => queueLogout(outbox) },
  hint: { tag: sessionTag, drop: dropSessionHint },
  clearCustomerData,
})

export type { AuthCallbacks } from './authEffects.ts'
export { customerWritten } from './knownCustomer.ts'

/** Creates and starts the auth actor with the app's effects; it rechecks when the connection returns, and hears other tabs. */
export function startAuth({ callbacks, outbox }: { callbacks: AuthCallbacks; outbox: OutboxPort }): Running<AuthActor> {
  // Heard in the order they came: a copy read from the device must not land after a later sign-out.
  let heard: Promise<void> = Promise.resolve()
  const channel = openAuthChannel((message) => {
    heard = heard.then(async () => {
      if (message.type === 'signedOut') return void actor.send({ type: 'auth.signedOutElsewhere' })
      actor.send({ type: 'auth.signedIn', user: await storedCopy(message.user) })
    })
  })
  const actor: AuthActor = createActor(provideAuth({ ...device(outbox), channel, callbacks }))
  // The connection is back (the outbox hears the same signal and sends what waited for it): shown offline, the
  // customer is checked again.
  const stopRechecking = onConnectionReturned(() => {
    if (actor.getSnapshot().matches('loggedInOffline')) actor.send({ type: 'auth.recheck' })
  })
  // A server that answers again while the browser never said 'online' is the connection returning, for everyone.
  const probe = probeWhileOffline(actor, fetchSession, connectionReturned)
  actor.start()
  return {
    actor,
    stop: () => {
      probe.stop()
      stopRechecking()
      channel.close()
      actor.stop()
    },
  }
}
