import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { fromPromise } from 'xstate'
import { serviceChangeMachine, type Changed } from '../../../../machines/serviceChange.machine.ts'
import type { Dated } from '../../../api/answeredAt.ts'
import type { cancelService, fetchCancellationQuote, fetchPackages, schedulePackage, undoScheduledAction } from '../../../api/serviceActions.ts'
import { formatDate } from '../../../domain/dates.ts'
import { serviceStatus, type Service } from '../../../domain/service.ts'
import type { AnswerCache, Toasts } from '../../../lib/ports.ts'
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

/** What the serviceChange effects touch: the app passes its own (useServiceChange), the lab its own. */
export interface ServiceChangePorts {
  customerId: () => number
  api: {
    fetchPackages: typeof fetchPackages
    schedulePackage: typeof schedulePackage
    fetchCancellationQuote: typeof fetchCancellationQuote
    cancelService: typeof cancelService
    undoScheduledAction: typeof undoScheduledAction
  }
  cache: Pick<AnswerCache, 'saveServiceAnswer'>
  toast: Toasts
  ui: { readonly current: ServiceChangeUi }
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
 * The serviceChange machine with its effects through the ports. Every service the server answers is kept on the phone
 * before the machine hears of it, so the page shows it.
 */
export function provideServiceChange({ customerId, api, cache, toast, ui }: ServiceChangePorts) {
  const kept = (call: () => Promise<Dated<Service>>) =>
    asChangeError(async () => {
      const { body, fetchedAt } = await call()
      await cache.saveServiceAnswer(customerId(), body, fetchedAt)
      return body
    })
  return serviceChangeMachine.provide({
    actors: {
      loadPackages: fromPromise(({ input }) => asChangeError(() => api.fetchPackages(input.serviceId))),
      schedulePackage: fromPromise(({ input }) => kept(() => api.schedulePackage(input.serviceId, input.productId))),
      loadCancellation: fromPromise(({ input }) => asChangeError(() => api.fetchCancellationQuote(input.serviceId))),
      cancelService: fromPromise(({ input }) => kept(() => api.cancelService(input.serviceId))),
      undoAction: fromPromise(({ input }) => kept(() => api.undoScheduledAction(input.serviceId, input.actionId))),
    },
    actions: {
      announceChanged: (_, changed) => toast.success(changedText(ui.current.i18n, changed), 4000),
      announceFailed: (_, { error }) => ui.current.failUndo(changeErrorText(ui.current.i18n, error)),
    },
  })
}
