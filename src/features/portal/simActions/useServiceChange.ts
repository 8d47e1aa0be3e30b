import { useRef } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useActorRef } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { serviceChangeMachine } from '../../../../machines/serviceChange.machine.ts'
import { cancelService, fetchCancellationQuote, fetchPackages, schedulePackage, undoScheduledAction } from '../../../api/serviceActions.ts'
import { deviceCache, pageToasts } from '../../../lib/devicePorts.ts'
import { useInlineError } from '../../../ui/forms/useInlineError.ts'
import { provideServiceChange, type ServiceChangeUi } from './serviceChangeEffects.ts'

const api = { fetchPackages, schedulePackage, fetchCancellationQuote, cancelService, undoScheduledAction }

export type ServiceChangeActor = ActorRefFrom<typeof serviceChangeMachine>

/** The machine, and why the last Undo did not happen (no dialog shows that one), kept until the next Undo. */
export interface ServiceChange {
  actor: ServiceChangeActor
  undoFailure: ReturnType<typeof useInlineError>
}

/** The service page's Upgrade/Downgrade, Cancel Service and Undo: the serviceChange machine with the app's effects. */
export function useServiceChange(customerId: number, serviceId: number): ServiceChange {
  const { i18n } = useLingui()
  const undoFailure = useInlineError()
  // The machine's announcements run later; they read the current translator through this.
  const ui = useRef<ServiceChangeUi>({ i18n, failUndo: undoFailure.fail })
  ui.current = { i18n, failUndo: undoFailure.fail }
  const actor = useActorRef(provideServiceChange({ customerId: () => customerId, api, cache: deviceCache, toast: pageToasts, ui }), { input: { serviceId } })
  return { actor, undoFailure }
}
