import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { formatDate } from '../../../domain/dates.ts'
import type { ScheduledAction } from '../../../domain/service.ts'

/** A scheduled action in the customer's language ("Cancellation on 27 November 2026"); one the app does not know, as the server named it. */
export function actionText(i18n: I18n, action: ScheduledAction): string {
  if (!action.kind || !action.date) return action.name
  const date = formatDate(action.date, i18n.locale, 'long')
  if (action.kind === 'cancellation') return i18n._(msg`Cancellation on ${date}`)
  const product = action.product ?? ''
  return i18n._(msg`Package change to ${product} on ${date}`)
}
