import { useRef } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useActorRef } from '@xstate/react'
import { deviceStore, pageOnline, pageToasts } from '../../../lib/devicePorts.ts'
import { useOutbox } from '../../../outbox/outbox.ts'
import type { SimRenameActor } from './RenameDialog.tsx'
import { provideSimRename } from './simRenameEffects.ts'

/** Update Sim Name on one SIM: the simRename machine with the device's ports. */
export function useSimRename(customerId: number, serviceId: number): SimRenameActor {
  const { i18n } = useLingui()
  const outbox = useOutbox()
  const ui = useRef(i18n)
  ui.current = i18n
  const machine = provideSimRename({ customerId: () => customerId, store: deviceStore, outbox, toast: pageToasts, online: pageOnline, i18n: ui })
  return useActorRef(machine, { input: { serviceId } })
}
