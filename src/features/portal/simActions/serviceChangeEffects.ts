import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { fromPromise } from 'xstate'
import { serviceChangeMachine, type Changed } from '../../../../machines/serviceChange.machine.ts'
import type { Dated } from '../../../api/answeredAt.ts'
import { cancelService, fetchCancellationQuote, fetchPackages, schedulePackage, undoScheduledAction } from '../../../api/serviceActions.ts'
import { formatDate } from '../../../domain/dates.ts'
import { serviceStatus, type Service } from '../../../domain/service.ts'
import { toast } from '../../../lib/toaster.ts'
import { saveServiceAnswer } from '../../../store/portalCache.ts'
import { asChangeError } from './changeError.ts'
import { changeErrorText } from './changeErrorText.ts'

const undone = msg`Undone: nothing changes on that date.`
const cancelled = msg`Your SIM is cancelled.`

/** What the effects need from the page that runs the machine, read when they run. */
export interface ServiceChangeUi {
  i18n: I18n
  /** Keeps why the last Undo did not happen on screen (no dialog shows that one). */
  failUndo: (text: string) => void
}

/** What the customer is told once the server took a change. */
function changedText(i18n: I18n, { change, service }: Changed): string {
  if (change === 'undo') return i18n._(undone)
  if (serviceStatus(service.status) === 'cancelled') return i18n._(cancelled)
  const action = service.scheduled_actions.find((a) => a.kind === (change === 'package' ? 'plan_change' : 'cancellation'))
  const date = action?.date ? formatDate(action.date, i18n.locale, 'long') : ''
  const product = action?.product ?? ''
  return change === 'package' ? i18n._(msg`Package change to ${product} scheduled for ${date}.`) : i18n._(msg`Cancellation scheduled for ${date}.`)
}

/**
 * The serviceChange machine with the API as its effects. Every service the server answers is kept on the phone
 * before the machine hears of it, so the page shows it.
 */
export function provideServiceChange(customerId: number, ui: { current: ServiceChangeUi }) {
  const kept = (call: () => Promise<Dated<Service>>) =>
    asChangeError(async () => {
      const { body, fetchedAt } = await call()
      await saveServiceAnswer(customerId, body, fetchedAt)
      return body
    })
  return serviceChangeMachine.provide({
    actors: {
      loadPackages: fromPromise(({ input }) => asChangeError(() => fetchPackages(input.serviceId))),
      schedulePackage: fromPromise(({ input }) => kept(() => schedulePackage(input.serviceId, input.productId))),
      loadCancellation: fromPromise(({ input }) => asChangeError(() => fetchCancellationQuote(input.serviceId))),
      cancelService: fromPromise(({ input }) => kept(() => cancelService(input.serviceId))),
      undoAction: fromPromise(({ input }) => kept(() => undoScheduledAction(input.serviceId, input.actionId))),
    },
    actions: {
      announceChanged: (_, changed) => toast.success(changedText(ui.current.i18n, changed), 4000),
      announceFailed: (_, { error }) => ui.current.failUndo(changeErrorText(ui.current.i18n, error)),
    },
  })
}
