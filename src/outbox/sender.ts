import * as v from 'valibot'
import { isDue, isTransient, nextWake, type SendOutcome } from './lifecycle.ts'
import { claimRow, openRows, settleRow } from './table.ts'
import type { OutboxRow } from '../store/rows.ts'
import { withOutboxLock } from './lock.ts'
import { kindOf, type Answer, type OutboxKind, type OutboxKindEntry, type Refusal, type Settled, type Settlement, type SignedIn } from './kind.ts'

export interface DrainOptions {
  /** Send only these kinds (the others still count for the next wake-up); every kind when absent or null. */
  only?: readonly string[] | null
  /** Skip the wait of writes their kind lets hurry: the app started, the connection returned, a write was queued. */
  force?: boolean
  signedIn?: SignedIn
  now?: () => Date
}

export interface DrainResult<O> {
  /** What became of each write sent (or refused on the device), by kind; every kind has its list. */
  outcomes: Record<string, O[]>
  /** When the earliest write that may go waits until (ms since epoch), or null. */
  wakeAt: number | null
}

const mayGo = (kind: OutboxKind, row: OutboxRow, signedIn: SignedIn): boolean => kind.mayGo?.(row, signedIn) ?? true

/**
 * The one outbox sender: sends every due write of the given kinds, oldest first and kind after kind, one tab of
 * the origin at a time; a write goes only with the session its kind allows.
 */
export function drainOutbox<O>(kinds: readonly OutboxKindEntry<O>[], options: DrainOptions = {}): Promise<DrainResult<O>> {
  const now = options.now ?? (() => new Date())
  const { signedIn, force = false } = options
  return withOutboxLock(async () => {
    const outcomes: Record<string, O[]> = {}
    const waiting: OutboxRow[] = []
    for (const entry of kinds) {
      const reported: O[] = []
      outcomes[entry.kind] = reported
      // A kind with nothing waiting is skipped, and a lazy one's code is never loaded for it.
      if ((await openRows(entry.kind)).length === 0) continue
      // A kind whose code did not load (offline before the worker cached it) keeps its writes for the next drain.
      const kind = (await kindOf(entry).catch(() => undefined)) as OutboxKind<unknown, unknown, unknown, O> | undefined
      if (!kind) continue
      const open = async () => (await openRows(kind.kind)).filter((row) => mayGo(kind, row, signedIn))
      if (!options.only || options.only.includes(kind.kind)) {
        for (const row of await open()) {
          const due = isDue(row, now(), force && (kind.hurried?.(row) ?? true))
          if (due) {
            const settled = await sendOne(kind, row, signedIn, now)
            if (settled && kind.report) reported.push(kind.report(settled))
            if (settled?.status !== 'retrying') continue
          }
          // A write that must keep its place waits, and so do the ones made after it.
          if (kind.inOrder) break
        }
      }
      waiting.push(...(await open()))
    }
    return { outcomes, wakeAt: nextWake(waiting) }
  })
}

async function sendOne<A, F>(kind: OutboxKind<unknown, A, F>, row: OutboxRow, signedIn: SignedIn, now: () => Date): Promise<Settled<A, F> | undefined> {
  const request = v.safeParse(kind.request, row.request)
  if (!request.success) return reject(kind, row, { status: 400, error: request.issues[0].message, onDevice: true }, now())
  const claimed = await claimRow(row.id)
  if (!claimed) return undefined
  const answer = await attempt(() => kind.send(request.output, { row: claimed, signedIn }))
  if (answer.kind === 'accepted') {
    const settlement = kind.acknowledged?.(claimed, answer.body) ?? {}
    await settleRow(row.id, { kind: 'answered', status: 200 }, { ...written(settlement), now: now() })
    await settlement.after?.().catch(() => undefined)
    return { row: claimed, status: 'acknowledged', body: answer.body }
  }
  if (answer.kind === 'refused' && !isTransient(answer.status)) {
    const refusal: Refusal<F> = { status: answer.status, error: answer.error, onDevice: false, ...(answer.body === undefined ? {} : { body: answer.body }) }
    return reject(kind, claimed, refusal, now())
  }
  const error = answer.kind === 'refused' ? answer.error || `HTTP ${answer.status}` : answer.error
  await settleRow(row.id, outcomeOf(answer), { error, now: now() })
  return { row: claimed, status: 'retrying', error }
}

/** A refusal is final: the kind's fact and kept fields land with it, and the write is never sent again. */
async function reject<A, F>(kind: OutboxKind<unknown, A, F>, row: OutboxRow, refusal: Refusal<F>, now: Date): Promise<Settled<A, F>> {
  const settlement = kind.rejected?.(row, refusal) ?? {}
  const reason = settlement.error ?? (refusal.error || `HTTP ${refusal.status}`)
  await settleRow(row.id, { kind: 'answered', status: refusal.status }, { ...written(settlement), error: reason, now })
  await settlement.after?.().catch(() => undefined)
  return { row, status: 'rejected', refusal, reason }
}

/** A kind's send that throws anyway counts as no answer: the write waits and goes again. */
async function attempt<A, F>(send: () => Promise<Answer<A, F>>): Promise<Answer<A, F>> {
  try {
    return await send()
  } catch (error) {
    return { kind: 'no-answer', error: error instanceof Error ? error.message : String(error) }
  }
}

function outcomeOf(answer: Exclude<Answer<unknown, unknown>, { kind: 'accepted' }>): SendOutcome {
  if (answer.kind === 'no-answer') return answer
  return answer.retryAfterMs == null
    ? { kind: 'answered', status: answer.status }
    : { kind: 'answered', status: answer.status, retryAfterMs: answer.retryAfterMs }
}

function written(settlement: Settlement): Pick<Settlement, 'fact' | 'keep'> {
  return { ...(settlement.fact && { fact: settlement.fact }), ...(settlement.keep && { keep: settlement.keep }) }
}
