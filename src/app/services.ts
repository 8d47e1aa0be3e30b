import { createAuth } from '../features/account/session/authIntents.ts'
import { createCart, type Cart } from '../features/cart/cart.ts'
import type { Auth } from '../lib/sessionStore.ts'
import type { OutboxKindEntry } from '../outbox/kind.ts'
import { createOutbox, type Outbox } from '../outbox/outbox.ts'
import { sendLanguageChoicesWith } from '../i18n/languageEffects.ts'
import { createPwa, type Pwa } from '../pwa/state.ts'

/**
 * The app's long-lived services, built once by src/main.tsx (and by src/entry-server.tsx, where none starts) and
 * given to React by <App> (src/app/App.tsx), to the router's guards as its context (src/router.ts). Each one's
 * machine loads after the first paint, or at its first use.
 */
export interface Services {
  cart: Cart
  auth: Auth
  outbox: Outbox
  /** The installed app: the connection, a waiting version, the install offer. */
  pwa: Pwa
}

/** What the services are built from; a test or the lab gives its own. */
export interface ServiceDeps {
  /** Every kind of queued write the outbox sends: the app's (appOutboxKinds) load after the first paint. */
  outboxKinds: () => Promise<readonly OutboxKindEntry[]>
}

/** The composition root: every long-lived service, from its dependencies. */
export function createServices({ outboxKinds }: ServiceDeps): Services {
  const cart = createCart()
  // The outbox follows the session, and logouts go out through the outbox: each reaches the other only once it runs.
  const outbox = createOutbox({ kinds: outboxKinds, session: () => auth.session })
  // A logout (here or in another tab) empties a cart the device could not store.
  const auth = createAuth({ outbox, callbacks: { onSignedOut: cart.clearHeldInMemory } })
  // A signed-in customer's language pick goes to their account through the outbox (src/i18n/recordLanguage.ts).
  sendLanguageChoicesWith((kind) => void outbox.sendNow(kind).catch(() => undefined))
  return { cart, auth, outbox, pwa: createPwa() }
}

/** The app's kinds of queued write (src/app/outboxKinds.ts), in a chunk of their own that loads after the first paint. */
export const appOutboxKinds = (): Promise<readonly OutboxKindEntry[]> => import('./outboxKinds.ts').then((module) => module.outboxKinds)

/** A new device (src/lib/device.ts) holds no cart and nobody is signed in: both are known without reading the store. */
export function showNewDevice({ cart, auth }: Services): void {
  cart.showNewDevice()
  auth.session.presume({ status: 'anonymous' })
}
