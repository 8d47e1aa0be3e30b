import { t } from '@lingui/core/macro'
import * as v from 'valibot'
import { belongsTo } from '../../../outbox/lifecycle.ts'
import { renameSim } from '../../../api/serviceActions.ts'
import { makeFact } from '../../../domain/events.ts'
import type { Service } from '../../../domain/service.ts'
import { RenameSimRequestSchema } from '../../../domain/simName.ts'
import { i18n } from '../../../i18n/i18n.ts'
import { stampNow } from '../../../lib/ids.ts'
import type { FactStore } from '../../../lib/ports.ts'
import type { OutboxKind, Settled, SignedIn } from '../../../outbox/kind.ts'
import { toast } from '../../../lib/toaster.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { commitWithOutbox, customerRows, queuedRow } from '../../../outbox/table.ts'
import { saveServiceAnswer } from '../../../store/portalCache.ts'
import type { OutboxRow } from '../../../store/rows.ts'

/** Outbox kind of a queued SIM rename. */
export const SIM_RENAME = 'sim.rename'

/** A queued rename: the SIM's id (the path) and the body, whose id is the fact id and Idempotency-Key. */
export const QueuedRenameSchema = v.object({ serviceId: v.number(), rename: RenameSimRequestSchema })
type QueuedRename = v.InferOutput<typeof QueuedRenameSchema>

/** The server's answer; or none needed, because a later rename of the same SIM replaces this one. */
type Renamed = { service: Service; fetchedAt: string } | { superseded: true }

/** What became of one rename in a drain. */
export type RenameOutcome = { customerId: number | null; name: string } & (
  | { kind: 'sent'; waited: boolean }
  | { kind: 'superseded' }
  | { kind: 'rejected'; reason: string }
  | { kind: 'waiting' }
)

/**
 * Commits the intent: v1.SimRenamed (so every screen shows the name at once, offline too) and its outbox row in one
 * transaction; the outbox sends it. Resolves with the rename's id (its Idempotency-Key) once both are stored.
 */
export async function queueSimName(
  customerId: number,
  serviceId: number,
  name: string,
  store: Pick<FactStore, 'commitWithOutbox'> = { commitWithOutbox },
): Promise<string> {
  const stamp = stampNow()
  const request: QueuedRename = { serviceId, rename: { id: stamp.id, name } }
  await store.commitWithOutbox(makeFact('v1.SimRenamed', { customerId, serviceId, name }, stamp), queuedRow(stamp.id, SIM_RENAME, request, customerId))
  return stamp.id
}

const nameOf = (row: OutboxRow) => (v.is(QueuedRenameSchema, row.request) ? row.request.rename.name : '')

function report(settled: Settled<Renamed, never>): RenameOutcome {
  const base = { customerId: settled.row.customerId ?? null, name: nameOf(settled.row) }
  if (settled.status === 'acknowledged')
    return 'superseded' in settled.body ? { ...base, kind: 'superseded' } : { ...base, kind: 'sent', waited: settled.row.attempts > 1 }
  if (settled.status === 'rejected') return { ...base, kind: 'rejected', reason: settled.reason }
  return { ...base, kind: 'waiting' }
}

/** The customer hears of a rename that waited for the connection once it is on the server, and of any refused one. */
function announce(outcomes: readonly RenameOutcome[], signedIn: SignedIn): void {
  for (const outcome of outcomes) {
    if (outcome.customerId !== signedIn) continue
    const { name } = outcome
    if (outcome.kind === 'sent' && outcome.waited) toast.success(t`The SIM name “${name}” is saved on your account.`, 4000)
    if (outcome.kind === 'rejected') {
      const reason = translateMessage(i18n, outcome.reason)
      toast.error(t`The SIM name “${name}” was not saved: ${reason}`, 3000)
    }
  }
}

/** The fields both answers name the rename by. */
const about = (row: OutboxRow) => {
  const request = row.request as QueuedRename
  return { renameId: row.id, customerId: row.customerId as number, serviceId: request.serviceId }
}

/** Whether the customer named the same SIM again after this rename (queued later on this phone). */
async function renamedSince(row: OutboxRow, serviceId: number): Promise<boolean> {
  const rows = await customerRows(SIM_RENAME, row.customerId as number)
  const later = rows.slice(rows.findIndex((r) => r.id === row.id) + 1)
  return later.some((r) => v.is(QueuedRenameSchema, r.request) && r.request.serviceId === serviceId)
}

/**
 * A queued rename (kind 'sim.rename'): it goes only under its own customer's session. One the customer has since
 * replaced by a later name of the same SIM is settled unsent, so a rename that waited can never land after (and over)
 * the later one. The server's answer becomes a
 * fact (acknowledged with when, so a copy fetched later shows the server's name; or rejected, so the name the
 * server keeps shows again), and an acknowledged SIM is kept as answered.
 */
export function simRenameOutbox(send = renameSim): OutboxKind<QueuedRename, Renamed, never, RenameOutcome> {
  return {
    kind: SIM_RENAME,
    request: QueuedRenameSchema,
    mayGo: (row, signedIn) => signedIn !== undefined && belongsTo(row, signedIn),
    async send(request, { row }) {
      if (await renamedSince(row, request.serviceId)) return { kind: 'accepted', body: { superseded: true } }
      const result = await send(request.serviceId, request.rename)
      if (result.kind === 'renamed') return { kind: 'accepted', body: { service: result.service, fetchedAt: result.fetchedAt } }
      if (result.kind === 'refused') return { kind: 'refused', status: result.status, error: result.error, retryAfterMs: result.retryAfterMs }
      return result
    },
    acknowledged: (row, body) =>
      'superseded' in body
        ? {}
        : {
            fact: makeFact('v1.SimRenameAcknowledged', { ...about(row), name: body.service.name, answeredAt: body.fetchedAt }, stampNow()),
            after: () => saveServiceAnswer(row.customerId as number, body.service, body.fetchedAt),
          },
    rejected: (row, refusal) => {
      const reason = refusal.error || `HTTP ${refusal.status}`
      return { error: reason, fact: makeFact('v1.SimRenameRejected', { ...about(row), reason }, stampNow()) }
    },
    report,
    announce,
  }
}
