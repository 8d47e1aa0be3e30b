import { useEffect, useRef } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useActorRef } from '@xstate/react'
import type { PaymentInput } from '../../../machines/payment.machine.ts'
import { onConnectionReturned } from '../../lib/connection.ts'
import { providePayment, type PaymentUi } from './paymentEffects.ts'

type Start = PaymentInput extends infer I ? (I extends PaymentInput ? Omit<I, 'online'> : never) : never

/** Runs one payment machine for the screen, told when the connection comes and goes. */
export function usePayment(customerId: number, start: Start) {
  const navigate = useNavigate()
  const { i18n } = useLingui()
  const ui = useRef<PaymentUi>({ navigate, i18n })
  ui.current = { navigate, i18n }
  const actor = useActorRef(providePayment(customerId, ui), { input: { ...start, online: navigator.onLine } as PaymentInput })
  useEffect(() => {
    const lost = () => actor.send({ type: 'payment.connection.lost' })
    window.addEventListener('offline', lost)
    // The app's one signal that the connection is back: the browser's 'online', or the server answering again.
    const stopFollowing = onConnectionReturned(() => actor.send({ type: 'payment.connection.restored' }))
    return () => {
      window.removeEventListener('offline', lost)
      stopFollowing()
    }
  }, [actor])
  return actor
}
