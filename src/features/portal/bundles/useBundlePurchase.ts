import { useEffect, useRef } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { buyBundle, fetchBundles } from '../../../api/bundles.ts'
import { onConnectionReturned } from '../../../lib/connection.ts'
import { deviceCache } from '../../../lib/devicePorts.ts'
import { provideBundlePurchase, type BundleUi } from './bundleEffects.ts'

const api = { fetchBundles, buyBundle }

/** Runs one bundle purchase for the screen, told when the connection comes and goes. */
export function useBundlePurchase(customerId: number, serviceId: number) {
  const navigate = useNavigate()
  const ui = useRef<BundleUi>({ navigate })
  ui.current = { navigate }
  const actor = useActorRef(provideBundlePurchase({ customerId: () => customerId, api, cache: deviceCache, ui }), {
    input: { serviceId, online: navigator.onLine },
  })
  useEffect(() => {
    const lost = () => actor.send({ type: 'bundle.connection.lost' })
    window.addEventListener('offline', lost)
    const stopFollowing = onConnectionReturned(() => actor.send({ type: 'bundle.connection.restored' }))
    return () => {
      window.removeEventListener('offline', lost)
      stopFollowing()
    }
  }, [actor])
  return actor
}
