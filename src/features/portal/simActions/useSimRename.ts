import { useRef } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useActorRef } from '@xstate/react'
import type { SimRenameActor } from './RenameDialog.tsx'
import { provideSimRename } from './simRenameEffects.ts'

/** Update Sim Name on one SIM: the simRename machine with the app's effects. */
export function useSimRename(customerId: number, serviceId: number): SimRenameActor {
  const { i18n } = useLingui()
  const ui = useRef(i18n)
  ui.current = i18n
  return useActorRef(provideSimRename(customerId, ui), { input: { serviceId } })
}
