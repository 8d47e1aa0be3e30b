import { sendClientError } from '../../api/clientErrors.ts'
import { ClientErrorReportSchema, type ClientErrorReport } from '../../domain/clientError.ts'
import { newId } from '../../lib/ids.ts'
import type { OutboxPort } from '../../lib/ports.ts'
import type { OutboxKind } from '../../outbox/kind.ts'
import { dropRow, enqueueCollapsed, queuedRow } from '../../outbox/table.ts'
import type { StoreDb } from '../../store/db.ts'
import type { OutboxRow } from '../../store/rows.ts'

export const CLIENT_ERROR = 'client.error'

/** Reports the device keeps unsent (offline, or held back by the server's limit): the newest ones. */
export const MAX_QUEUED_REPORTS = 20

/** Two reports are the same error when they were met the same way, say the same and start at the same frame. */
const sameError = (a: ClientErrorReport, b: ClientErrorReport): boolean =>
  a.kind === b.kind && a.context === b.context && a.message === b.message && a.stack?.split('\n', 2).join('\n') === b.stack?.split('\n', 2).join('\n')

/** Queues a report (already scrubbed): the same error again only counts one more on the report waiting to go. */
export async function queueClientError(report: ClientErrorReport, store?: StoreDb): Promise<void> {
  const reportOf = (row: OutboxRow) => row.request as ClientErrorReport
  await enqueueCollapsed(
    queuedRow(newId(), CLIENT_ERROR, report),
    {
      same: (row) => sameError(reportOf(row), report),
      merge: (row) => ({ ...reportOf(row), count: reportOf(row).count + report.count }),
      cap: MAX_QUEUED_REPORTS,
    },
    store,
  )
}

/** Queues a report and sends what is queued now; a report that cannot be kept on the device is let go. */
export async function reportClientError(report: ClientErrorReport, outbox: OutboxPort): Promise<void> {
  await queueClientError(report)
  await outbox.sendNow(CLIENT_ERROR)
}

/** A queued error report (kind 'client.error'): sent without a session, whoever is signed in; forgotten once answered. */
export function clientErrorOutbox(send = sendClientError): OutboxKind<ClientErrorReport, undefined, undefined> {
  const forget = (row: OutboxRow) => ({ after: () => dropRow(row.id) })
  return {
    kind: CLIENT_ERROR,
    request: ClientErrorReportSchema,
    send: (report) => send(report),
    acknowledged: forget,
    rejected: forget,
  }
}
