import { useRef } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useActorRef } from '@xstate/react'
import { fromPromise, type ActorRefFrom } from 'xstate'
import { serviceChangeMachine, type Changed } from '../../../../machines/serviceChange.machine.ts'
import type { Dated } from '../../../api/answeredAt.ts'
import { cancelService, fetchCancellationQuote, fetchPackages, schedulePackage, undoScheduledAction } from '../../../api/serviceActions.ts'
import { formatDate } from '../../../domain/dates.ts'
import { serviceStatus, type Service } from '../../../domain/service.ts'
import { toast } from '../../../lib/toaster.ts'
import { useInlineError } from '../../../ui/InlineError.tsx'
import { saveServiceAnswer } from '../../../store/portalCache.ts'
import { asChangeError } from './changeError.ts'
import { changeErrorText } from './changeErrorText.ts'

export type ServiceChangeActor = ActorRefFrom<typeof serviceChangeMachine>

/** The machine, and why the last Undo did not happen (no dialog shows that one), kept until the next Undo. */
export interface ServiceChange {
  actor: ServiceChangeActor
  undoFailure: ReturnType<typeof useInlineError>
}

const undone = msg`Undone: nothing changes on that date.`
const cancelled = msg`Your SIM is cancelled.`

/** What the customer is told once the server took a change. */
function changedText(i18n: ReturnType<typeof useLingui>['i18n'], { change, service }: Changed): string {
  if (change === 'undo') return i18n._(undone)
  if (serviceStatus(service.status) === 'cancelled') return i18n._(cancelled)
  const action = service.scheduled_actions.find((a) => a.kind === (change === 'package' ? 'plan_change' : 'cancellation'))
  const date = action?.date ? formatDate(action.date, i18n.locale, 'long') : ''
  const product = action?.product ?? ''
  return change === 'package' ? i18n._(msg`Package change to ${product} scheduled for ${date}.`) : i18n._(msg`Cancellation scheduled for ${date}.`)
}

/**
 * The service page's Upgrade/Downgrade, Cancel Service and Undo: the serviceChange machine with the API as its
 * effects. Every service the server answers is kept on the phone before the machine hears of it, so the page shows it.
 */
export function useServiceChange(customerId: number, serviceId: number): ServiceChange {
  const { i18n } = useLingui()
  // The machine's announcements run later; they read the current translator through this.
  const ui = useRef(i18n)
  ui.current = i18n
  const undoFailure = useInlineError()
  const kept = (call: () => Promise<Dated<Service>>) =>
    asChangeError(async () => {
      const { body, fetchedAt } = await call()
      await saveServiceAnswer(customerId, body, fetchedAt)
      return body
    })
  const actor = useActorRef(
    serviceChangeMachine.provide({
      actors: {
        loadPackages: fromPromise(({ input }) => asChangeError(() => fetchPackages(input.serviceId))),
        schedulePackage: fromPromise(({ input }) => kept(() => schedulePackage(input.serviceId, input.productId))),
        loadCancellation: fromPromise(({ input }) => asChangeError(() => fetchCancellationQuote(input.serviceId))),
        cancelService: fromPromise(({ input }) => kept(() => cancelService(input.serviceId))),
        undoAction: fromPromise(({ input }) => kept(() => undoScheduledAction(input.serviceId, input.actionId))),
      },
      actions: {
        announceChanged: (_, changed) => toast.success(changedText(ui.current, changed), 4000),
        announceFailed: (_, { error }) => undoFailure.fail(changeErrorText(ui.current, error)),
      },
    }),
    { input: { serviceId } },
  )
  return { actor, undoFailure }
}
