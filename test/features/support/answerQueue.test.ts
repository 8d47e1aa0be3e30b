import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AnswerSendResult } from '../../../src/api/support.ts'
import type { CustomerAnswer } from '../../../src/domain/conversations.ts'
import { queueAnswer, SUPPORT_ANSWER, supportAnswerOutbox } from '../../../src/features/support/answerQueue.ts'
import { drainOutbox } from '../../../src/outbox/sender.ts'
import { openRows } from '../../../src/outbox/table.ts'
import { closeStore, type StoreDb } from '../../../src/store/db.ts'
import { freshStore } from '../../store/fixtures.ts'

let store: StoreDb

beforeEach(async () => {
  store = await freshStore()
})
afterEach(() => closeStore({ delete: true }))

const offline: AnswerSendResult = { kind: 'no-answer', error: 'Failed to fetch' }

/** A stand-in for POST /api/support/messages/:reference/replies answering from a script, and the refreshes asked for. */
function server(...answers: AnswerSendResult[]) {
  const got: [string, CustomerAnswer][] = []
  const refreshed: number[] = []
  const send = async (reference: string, answer: CustomerAnswer) => {
    got.push([reference, answer])
    return answers.shift() ?? { kind: 'sent' as const }
  }
  const refresh = async (customerId: number) => {
    refreshed.push(customerId)
  }
  return { got, refreshed, kind: supportAnswerOutbox(send, refresh) }
}

async function drain(kind: ReturnType<typeof server>['kind'], signedIn: number | null) {
  const { outcomes } = await drainOutbox([kind], { signedIn, force: true })
  return outcomes[SUPPORT_ANSWER] ?? []
}

describe("the customer's answer in a conversation, queued on the device", () => {
  it('waits while offline, then is sent once with its id as the key and renews the copy of the conversations', async () => {
    const id = await queueAnswer(7, 'SUP-AAAA2222', 'Can the courier come after 14:00?')
    const s = server(offline)
    expect(await drain(s.kind, 7)).toEqual([{ customerId: 7, reference: 'SUP-AAAA2222', kind: 'waiting' }])
    expect((await openRows(SUPPORT_ANSWER)).map((r) => r.id)).toEqual([id])
    expect(await drain(s.kind, 7)).toEqual([{ customerId: 7, reference: 'SUP-AAAA2222', kind: 'sent', waited: true }])
    await drain(s.kind, 7)
    const body = { id, body: 'Can the courier come after 14:00?' }
    expect(s.got).toEqual([
      ['SUP-AAAA2222', body],
      ['SUP-AAAA2222', body],
    ])
    expect(s.refreshed).toEqual([7])
    expect((await store.outbox.get(id))?.status).toBe('acknowledged')
  })

  it('never goes under another customer’s session, nor signed out', async () => {
    await queueAnswer(7, 'SUP-AAAA2222', 'Mine.')
    const s = server()
    await drain(s.kind, 8)
    await drain(s.kind, null)
    expect(s.got).toEqual([])
    expect(await openRows(SUPPORT_ANSWER)).toHaveLength(1)
  })

  it('keeps a refused answer, with the reason, and never sends it again', async () => {
    const id = await queueAnswer(7, 'SUP-AAAA2222', 'Hello?')
    const s = server({ kind: 'refused', status: 404, error: 'No such conversation.', retryAfterMs: null })
    expect(await drain(s.kind, 7)).toEqual([{ customerId: 7, reference: 'SUP-AAAA2222', kind: 'rejected', reason: 'No such conversation.' }])
    await drain(s.kind, 7)
    expect(s.got).toHaveLength(1)
    expect(await store.outbox.get(id)).toMatchObject({ status: 'rejected', lastError: 'No such conversation.' })
  })
})
