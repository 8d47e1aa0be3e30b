import type { SignedIn } from '../../../machines/outbox.events.ts'
import type { Fact } from '../../domain/events.ts'
import type { OutboxKind } from '../../outbox/kind.ts'
import { isTransient } from '../../outbox/lifecycle.ts'
import type { FactStore, Online, OutboxPort, Toasts } from '../../lib/ports.ts'
import type { OutboxRow } from '../../store/rows.ts'
import { fake, labCustomer, sandboxCustomerId } from './fakes.ts'
import type { EffectMode, LabIo } from './labMachine.ts'

/** The lab's adapters of src/lib/ports.ts, for one run in one mode; a machine's lab passes them to its provide<Name>(). */
export interface LabPorts {
  /** The lab log; `storageFails` refuses every write as a full device does. */
  store: FactStore
  /** Holds what is queued; in sandbox mode sends it to the sandbox server through its kind, the answer's fact to the lab log. */
  outbox: OutboxPort
  /** Toasts belong to the app's screens: the lab shows the machine's state instead. */
  toast: Toasts
  online: Online
  /** The signed-in tester's id in sandbox mode (the server answers only them), the lab customer's otherwise. */
  customerId: () => number
  /** An api call as the mode says: the sandbox server's answer, or the fake's after a pause (failing as offline or a 500). */
  answer: <T>(real: () => Promise<T>, faked: () => T) => Promise<T>
}

/** What a full device throws (the app's store reads it as "quota"). */
const quotaExceeded = () => new DOMException('The lab is set to refuse every write (storageFails).', 'QuotaExceededError')

/** The ports of a lab run; `kinds` are the outbox kinds the machine queues, sent for real in sandbox mode. */
export function labPorts(mode: EffectMode, io: LabIo, kinds: readonly OutboxKind[] = []): LabPorts {
  const sandbox = mode === 'sandbox'
  const held: OutboxRow[] = []
  const customerId = sandbox ? sandboxCustomerId : () => labCustomer().id
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
    outbox: {
      async sendNow(kindName) {
        const kind = kinds.find((k) => k.kind === kindName)
        if (!sandbox || !kind) return []
        const rows = held.splice(0).filter((row) => row.kind === kindName)
        return Promise.all(rows.map((row) => sendOnce(kind, row, customerId(), io)))
      },
    },
    toast: { show: () => undefined, success: () => undefined, error: () => undefined },
    online: () => !['offline', 'server500'].includes(mode),
    customerId,
    answer: (real, faked) => (sandbox ? real() : fake(mode, io.delay, faked)),
  }
}

/** One attempt of a queued write, by the kind's own send and settlement: the fact of a final answer goes to the lab log. */
async function sendOnce(kind: OutboxKind, row: OutboxRow, signedIn: SignedIn, io: LabIo): Promise<unknown> {
  const answer = await kind.send(row.request, { row, signedIn }).catch((error: unknown) => ({ kind: 'no-answer' as const, error: String(error) }))
  if (answer.kind === 'accepted') {
    const settled = kind.acknowledged?.(row, answer.body)
    if (settled?.fact) io.write(settled.fact)
  } else if (answer.kind === 'refused' && !isTransient(answer.status)) {
    const settled = kind.rejected?.(row, {
      status: answer.status,
      error: answer.error,
      onDevice: false,
      ...(answer.body === undefined ? {} : { body: answer.body }),
    })
    if (settled?.fact) io.write(settled.fact)
  }
  return answer
}
