import type { ReactNode } from 'react'
import { CartContext } from '../features/cart/cart.ts'
import { AuthContext } from '../lib/sessionStore.ts'
import { OutboxContext } from '../outbox/outbox.ts'
import { PwaContext } from '../pwa/state.ts'
import type { Services } from './services.ts'

/** Hands the app's services (src/app/services.ts) to the screens: each one's hook reads it (useAuth, useCartService, useOutbox, usePwaService). */
export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return (
    <AuthContext value={services.auth}>
      <CartContext value={services.cart}>
        <OutboxContext value={services.outbox}>
          <PwaContext value={services.pwa}>{children}</PwaContext>
        </OutboxContext>
      </CartContext>
    </AuthContext>
  )
}
