import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ClientErrorReport } from '../../../src/domain/clientError.ts'
import { CLIENT_ERROR, clientErrorOutbox, MAX_QUEUED_REPORTS, queueClientError } from '../../../src/features/errors/clientErrorQueue.ts'
import type { Answer } from '../../../src/outbox/kind.ts'
import { drainOutbox } from '../../../src/outbox/sender.ts'
import { closeStore, type StoreDb } from '../../../src/store/db.ts'
import { openRows } from '../../../src/outbox/table.ts'
import { freshStore } from '../../store/fixtures.ts'

let store: StoreDb

beforeEach(async () => {
  store = await freshStore()
})
afterEach(() => closeStore({ delete: true }))

const report = (patch: Partial<ClientErrorReport> = {}): ClientErrorReport => ({
  kind: 'error',
  context: 'window',
  message: 'x is not a function',
  stack: 'TypeError: x is not a function\n    at pay (https://shop.example/assets/pay-1a2b.js:4:20)',
  release: 'build-1',
  at: '2026-11-27T10:00:00.000Z',
  count: 1,
  ...patch,
})

type Reply = Answer<undefined, undefined>
const offline: Reply = { kind: 'no-answer', error: 'Failed to fetch' }
const accepted: Reply = { kind: 'accepted', body: undefined }

/** A stand-in for POST /api/v2/client_errors answering from a script, recording what it got. */
function server(...answers: Reply[]) {
  const got: ClientErrorReport[] = []
  return {
    got,
    send: async (r: ClientErrorReport) => {
      got.push(r)
      return answers.shift() ?? accepted
    },
  }
}

const drain = (send: ReturnType<typeof server>['send']) => drainOutbox([clientErrorOutbox(send)], { force: true, signedIn: null })
const queued = async () => (await openRows(CLIENT_ERROR, store)).map((row) => row.request as ClientErrorReport)

describe('error reports queued on the device', () => {
  it('are kept while offline and sent once when the connection returns, then forgotten', async () => {
    await queueClientError(report())
    const s = server(offline)
    await drain(s.send)
    expect(s.got).toHaveLength(1)
    expect(await queued()).toEqual([report()])
    await drain(s.send)
    expect(s.got).toHaveLength(2)
    expect(await queued()).toEqual([])
    expect(await store.outbox.count()).toBe(0)
    await drain(s.send)
    expect(s.got).toHaveLength(2)
  })

  it('collapse the same error into one report with its count', async () => {
    for (let i = 0; i < 5; i++) await queueClientError(report({ at: `2026-11-27T10:00:0${i}.000Z` }))
    await queueClientError(report({ message: 'another error' }))
    expect(await queued()).toEqual([report({ count: 5 }), report({ message: 'another error' })])
    const s = server()
    await drain(s.send)
    expect(s.got.map((r) => [r.message, r.count])).toEqual([
      ['x is not a function', 5],
      ['another error', 1],
    ])
  })

  it(`keep only the newest ${MAX_QUEUED_REPORTS} different errors`, async () => {
    for (let i = 0; i < MAX_QUEUED_REPORTS + 5; i++) await queueClientError(report({ message: `error ${i}` }))
    const kept = await queued()
    expect(kept).toHaveLength(MAX_QUEUED_REPORTS)
    expect(kept[0]?.message).toBe('error 5')
    expect(kept.at(-1)?.message).toBe(`error ${MAX_QUEUED_REPORTS + 4}`)
  })

  it('wait out a 429 and are dropped on a final refusal', async () => {
    await queueClientError(report())
    await queueClientError(report({ message: 'too big' }))
    const s = server({ kind: 'refused', status: 429, error: '', retryAfterMs: 60_000 }, { kind: 'refused', status: 413, error: '' })
    await drain(s.send)
    expect((await queued()).map((r) => r.message)).toEqual(['x is not a function'])
  })
})
