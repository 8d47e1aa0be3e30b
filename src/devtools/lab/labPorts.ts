import type { SignedIn } from '../../../machines/outbox.events.ts'
import { makeFact, type Fact } from '../../domain/events.ts'
import { i18n } from '../../i18n/i18n.ts'
import { stampNow } from '../../lib/ids.ts'
import type { OutboxKind, Settled } from '../../outbox/kind.ts'
import { isTransient } from '../../outbox/lifecycle.ts'
import type { AnswerCache, FactStore, Online, OutboxPort, SessionPort, Toasts } from '../../lib/ports.ts'
import { saveOrder } from '../../store/orderCache.ts'
import { saveServiceAnswer } from '../../store/portalCache.ts'
import type { OutboxRow } from '../../store/rows.ts'
import { fake, labCustomer, sandboxCustomerId } from './fakes.ts'
import type { EffectMode, LabIo } from './labMachine.ts'

/** The lab's adapters of src/lib/ports.ts, for one run in one mode; a machine's lab passes them to its provide<Name>(). */
export interface LabPorts {
  /** The lab log; `storageFails` refuses every write as a full device does. */
  store: FactStore
  /** The lab database's copies of what the sandbox server or a fake answered. */
  cache: AnswerCache
  /** Holds what is queued and sends it once through its kind (built with the lab's sender), the answer's fact to the lab log. */
  outbox: OutboxPort
  /** Toasts belong to the app's screens: the lab shows the machine's state instead. */
  toast: Toasts
  online: Online
  /** The app's auth machine records a customer it follows as this fact: the lab writes it to the lab log. */
  session: SessionPort
  /** The signed-in tester's id in sandbox mode (the server answers only them), the lab customer's otherwise. */
  customerId: () => number
  /** An api call as the mode says: the sandbox server's answer, or the fake's after a pause (failing as offline or a 500). */
  answer: <T>(real: () => Promise<T>, faked: () => T) => Promise<T>
}

/** What a full device throws (the app's store reads it as "quota"). */
const quotaExceeded = () => new DOMException('The lab is set to refuse every write (storageFails).', 'QuotaExceededError')

/** The ports of a lab run; `kinds` are the outbox kinds the lab sends what the machine queues with (none: it waits). */
export function labPorts(mode: EffectMode, io: LabIo, kinds: readonly OutboxKind[] = []): LabPorts {
  const sandbox = mode === 'sandbox'
  const held: OutboxRow[] = []
  const customerId = sandbox ? () => sandboxCustomerId(io.session()) : () => labCustomer().id
  const written = async (facts: readonly Fact[]) => {
    if (!sandbox) await io.delay()
    if (mode === 'storageFails') throw quotaExceeded()
    for (const fact of facts) io.write(fact)
  }
  return {
    store: {
      commit: (fact) => written([fact]),
      commitWithOutbox: async (facts, row) => {
        await written(Array.isArray(facts) ? facts : [facts as Fact])
        held.push(row)
      },
    },
    cache: {
      saveOrder: async (customerId, order, fetchedAt) => saveOrder(customerId, order, fetchedAt, await io.db()),
      saveServiceAnswer: async (customerId, service, fetchedAt) => saveServiceAnswer(customerId, service, fetchedAt, await io.db()),
    },
    outbox: {
      async sendNow(kindName) {
        const kind = kinds.find((k) => k.kind === kindName)
        if (!kind) return []
        const rows = held.filter((row) => row.kind === kindName)
        held.splice(0, held.length, ...held.filter((row) => row.kind !== kindName))
        const outcomes = await Promise.all(rows.map((row) => sendOnce(kind, row, customerId(), io)))
        return outcomes.filter((outcome) => outcome !== undefined)
      },
    },
    toast: { show: () => undefined, success: () => undefined, error: () => undefined },
    online: () => !['offline', 'server500'].includes(mode),
    session: {
      adopt: async (user) => io.write(makeFact('v1.CustomerSignedIn', { user }, stampNow())),
    },
    customerId,
    answer: (real, faked) => (sandbox ? Promise.resolve().then(real) : fake(mode, io.delay, faked)),
  }
}

/**
 * One attempt of a queued write, by the kind's own send and settlement (as src/outbox/sender.ts does, without the
 * retries): the fact of a final answer goes to the lab log; what follows it on the device (`after`) does not run here.
 */
async function sendOnce(kind: OutboxKind, row: OutboxRow, signedIn: SignedIn, io: LabIo): Promise<unknown> {
  const answer = await kind.send(row.request, { row, signedIn }).catch((error: unknown) => ({ kind: 'no-answer' as const, error: String(error) }))
  let settled: Settled<unknown, unknown>
  if (answer.kind === 'accepted') {
    const settlement = kind.acknowledged?.(row, answer.body)
    if (settlement?.fact) io.write(settlement.fact)
    settled = { row, status: 'acknowledged', body: answer.body }
  } else if (answer.kind === 'refused' && !isTransient(answer.status)) {
    const refusal = { status: answer.status, error: answer.error, onDevice: false, ...(answer.body === undefined ? {} : { body: answer.body }) }
    const settlement = kind.rejected?.(row, refusal)
    if (settlement?.fact) io.write(settlement.fact)
    settled = { row, status: 'rejected', refusal, reason: settlement?.error ?? answer.error }
  } else {
    settled = { row, status: 'retrying', error: answer.error }
  }
  return kind.report?.(settled)
}

/** The screen a machine's effects talk to, as the lab has none: the page's translator, no navigation (the lab stays put). */
export function labUi<T extends object>(extra: T) {
  return { current: { i18n, navigate: (() => Promise.resolve()) as never, ...extra } }
}
