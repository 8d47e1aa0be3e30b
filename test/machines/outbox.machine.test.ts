import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { outboxMachine, type SendReport } from '../../machines/outbox.machine.ts'
import { BACKOFF_START_MS } from '../../machines/outbox.lifecycle.ts'

const CLIENT_ID = '6f1c1d52-3c1e-4a56-9d8e-1b2a3c4d5e6f'
const T0 = '2026-01-01T10:00:00.000Z'
const later = (ms: number) => new Date(Date.parse(T0) + ms).toISOString()

/** The outbox machine with a sender that answers each attempt from the list, recording the facts it asks for. */
function outbox(answers: SendReport[]) {
  const facts: string[] = []
  const attempts: number[] = []
  const actor = createActor(
    outboxMachine.provide({
      actors: {
        send: fromPromise<SendReport, { clientId: string; attempt: number }>(async ({ input }) => {
          attempts.push(input.attempt)
          const answer = answers.shift()
          if (!answer) throw new Error('no answer planned')
          return answer
        }),
      },
      actions: {
        acknowledged: (_, { clientId }) => void facts.push(`acknowledged ${clientId}`),
        rejected: (_, { reason, status }) => void facts.push(`rejected ${status} ${reason}`),
      },
    }),
    { input: { clientId: CLIENT_ID, queuedAt: T0 } },
  ).start()
  return { actor, facts, attempts }
}

describe('the outbox machine', () => {
  it('waits out the backoff after no answer, sends again when due, and records the acknowledgement once', async () => {
    const { actor, facts, attempts } = outbox([
      { outcome: { kind: 'no-answer', error: 'Failed to fetch' }, at: T0 },
      { outcome: { kind: 'answered', status: 201 }, at: later(BACKOFF_START_MS), answer: { id: 1 } },
    ])
    actor.send({ type: 'outbox.send', at: T0 })
    await waitFor(actor, (s) => s.matches('retrying'))
    expect(actor.getSnapshot().context.entry).toMatchObject({ status: 'retrying', attempts: 1, nextAttemptAt: later(BACKOFF_START_MS), lastError: 'Failed to fetch' })
    // Too early: the clock moves, nothing is sent.
    actor.send({ type: 'outbox.tick', at: later(BACKOFF_START_MS - 1) })
    expect(actor.getSnapshot().value).toBe('retrying')
    actor.send({ type: 'outbox.tick', at: later(BACKOFF_START_MS) })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('acknowledged')
    expect(actor.getSnapshot().context).toMatchObject({ entry: { status: 'acknowledged', attempts: 2 }, answer: { id: 1 } })
    expect(attempts).toEqual([1, 2])
    expect(facts).toEqual([`acknowledged ${CLIENT_ID}`])
  })

  it('gives up on a 400 with the server\'s reason, and retries a 500 like no answer', async () => {
    const refused = outbox([{ outcome: { kind: 'answered', status: 400 }, at: T0, error: 'An error occurred while submitting the address.' }])
    refused.actor.send({ type: 'outbox.send', at: T0 })
    await waitFor(refused.actor, (s) => s.status === 'done')
    expect(refused.actor.getSnapshot().value).toBe('rejected')
    expect(refused.facts).toEqual(['rejected 400 An error occurred while submitting the address.'])

    const failing = outbox([{ outcome: { kind: 'answered', status: 500 }, at: T0, error: 'Internal Server Error' }])
    failing.actor.send({ type: 'outbox.send', at: T0 })
    await waitFor(failing.actor, (s) => s.matches('retrying'))
    expect(failing.actor.getSnapshot().context.entry.lastError).toBe('Internal Server Error')
    expect(failing.facts).toEqual([])
  })

  it('counts a sender that throws as no answer', async () => {
    const { actor } = outbox([])
    actor.send({ type: 'outbox.send', at: T0 })
    await waitFor(actor, (s) => s.matches('retrying'))
    expect(actor.getSnapshot().context.entry).toMatchObject({ lastError: 'no answer planned', nextAttemptAt: later(BACKOFF_START_MS) })
  })
})
