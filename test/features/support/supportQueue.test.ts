import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SupportSendResult } from '../../../src/api/support.ts'
import type { SupportRequest } from '../../../src/domain/support.ts'
import { queueSupportMessage, SUPPORT_MESSAGE, supportOutbox } from '../../../src/features/support/supportQueue.ts'
import { drainOutbox } from '../../../src/outbox/sender.ts'
import { issueField, toSupportItem } from '../../../src/features/support/supportView.ts'
import { closeStore, type StoreDb } from '../../../src/store/db.ts'
import { openRows } from '../../../src/outbox/table.ts'
import { freshStore } from '../../store/fixtures.ts'

let store: StoreDb

beforeEach(async () => {
  store = await freshStore()
})
afterEach(() => closeStore({ delete: true }))

const message = { name: 'Thandi Nkosi', email: 'thandi@example.co.za', message: 'My router shows a red light since this morning.' }
const sent = (reference = 'SUP-7K3F9Q2A'): SupportSendResult => ({ kind: 'sent', reference })
const offline: SupportSendResult = { kind: 'no-answer', error: 'Failed to fetch' }
const refused = (status: number, retryAfterMs: number | null = null): SupportSendResult => ({ kind: 'refused', status, error: '', issues: [], retryAfterMs })

/** A stand-in for POST /api/support/messages answering from a script, recording every request it got. */
function server(...answers: SupportSendResult[]) {
  const got: SupportRequest[] = []
  const cookies: boolean[] = []
  const send = async (request: SupportRequest, { withSession }: { withSession: boolean }) => {
    got.push(request)
    cookies.push(withSession)
    return answers.shift() ?? sent()
  }
  return { got, cookies, send }
}

const row = (id: string) => store.outbox.get(id)

type Send = ReturnType<typeof server>['send']

/** The outbox sender over queued support messages; nobody signed in unless `signedIn` says who. */
async function drainSupport(options: { send: Send; force?: boolean; signedIn?: number | null; now?: () => Date }) {
  const { send, signedIn = null, ...rest } = options
  const { outcomes, wakeAt } = await drainOutbox([supportOutbox(send)], { signedIn, ...rest })
  return { outcomes: outcomes[SUPPORT_MESSAGE] ?? [], wakeAt }
}

describe('a support message queued on the device', () => {
  it('is sent once with its id as the key, keeps the reference and forgets the text', async () => {
    const id = await queueSupportMessage(7, message)
    const s = server(sent('SUP-AAAA1111'))
    const { outcomes } = await drainSupport({ force: true, send: s.send })
    await drainSupport({ force: true, send: s.send })
    expect(s.got).toEqual([{ id, message }])
    expect(outcomes).toEqual([{ id, customerId: 7, kind: 'sent', reference: 'SUP-AAAA1111', waited: false }])
    const stored = await row(id)
    expect(stored?.status).toBe('acknowledged')
    expect(JSON.stringify(stored)).not.toContain('red light')
    expect(toSupportItem(stored!)).toEqual({ id, state: 'sent', reference: 'SUP-AAAA1111' })
  })

  it('stays queued when there is no answer and is sent once when the connection returns', async () => {
    const id = await queueSupportMessage(7, message)
    const s = server(offline, sent('SUP-BBBB2222'))
    await drainSupport({ force: true, send: s.send })
    expect((await row(id))?.status).toBe('retrying')
    expect(toSupportItem((await row(id))!)).toMatchObject({ state: 'pending', waitingFor: 'connection', excerpt: message.message })
    // Not due yet and not forced: nothing goes out.
    await drainSupport({ send: s.send })
    expect(s.got).toHaveLength(1)
    const { outcomes } = await drainSupport({ force: true, send: s.send })
    await drainSupport({ force: true, send: s.send })
    expect(s.got.map((r) => r.id)).toEqual([id, id])
    expect(outcomes).toEqual([{ id, customerId: 7, kind: 'sent', reference: 'SUP-BBBB2222', waited: true }])
    expect(await openRows(SUPPORT_MESSAGE)).toEqual([])
  })

  it('settles as rejected on a 400, keeps the text to correct, and is never retried', async () => {
    const id = await queueSupportMessage(7, message)
    const issues = [{ path: 'message.email', message: 'Invalid email address.' }]
    const s = server({ kind: 'refused', status: 400, error: 'Invalid support message.', issues, retryAfterMs: null })
    const { outcomes } = await drainSupport({ force: true, send: s.send })
    await drainSupport({ force: true, send: s.send })
    expect(s.got).toHaveLength(1)
    expect(outcomes[0]).toMatchObject({ kind: 'rejected', error: 'Invalid support message.', issues })
    expect((await row(id))?.status).toBe('rejected')
    expect(toSupportItem((await row(id))!)).toEqual({ id, state: 'rejected', error: 'Invalid support message.', issues, message })
  })

  it('waits for Retry-After on a 429, even when the connection returns, then is sent', async () => {
    const id = await queueSupportMessage(7, message)
    const s = server(refused(429, 60_000))
    const t0 = new Date('2026-03-01T08:00:00Z')
    const { wakeAt } = await drainSupport({ force: true, send: s.send, now: () => t0 })
    expect(wakeAt).toBe(t0.getTime() + 60_000)
    expect(toSupportItem((await row(id))!)).toMatchObject({ state: 'pending', waitingFor: 'server' })
    await drainSupport({ force: true, send: s.send, now: () => new Date(t0.getTime() + 30_000) })
    expect(s.got).toHaveLength(1)
    await drainSupport({ send: s.send, now: () => new Date(t0.getTime() + 60_000) })
    expect(s.got).toHaveLength(2)
    expect((await row(id))?.status).toBe('acknowledged')
  })

  it('retries a 503 with the outbox backoff', async () => {
    const id = await queueSupportMessage(7, message)
    const s = server(refused(503), refused(503))
    const t0 = new Date('2026-03-01T08:00:00Z')
    await drainSupport({ send: s.send, now: () => t0 })
    expect((await row(id))?.nextAttemptAt).toBe(new Date(t0.getTime() + 2_000).toISOString())
    await drainSupport({ send: s.send, now: () => new Date(t0.getTime() + 2_000) })
    expect((await row(id))?.nextAttemptAt).toBe(new Date(t0.getTime() + 2_000 + 4_000).toISOString())
    await drainSupport({ send: s.send, now: () => new Date(t0.getTime() + 6_000) })
    expect(s.got).toHaveLength(3)
    expect((await row(id))?.status).toBe('acknowledged')
  })
})

describe('a support message after its customer logged out', () => {
  it('is still sent, with the session cookie only when its own customer is signed in', async () => {
    await queueSupportMessage(7, message)
    const s = server(offline, offline)
    await drainSupport({ force: true, signedIn: 7, send: s.send })
    await drainSupport({ force: true, signedIn: 8, send: s.send })
    await drainSupport({ force: true, signedIn: null, send: s.send })
    expect(s.cookies).toEqual([true, false, false])
    expect(await openRows(SUPPORT_MESSAGE)).toEqual([])
  })
})

describe('a refusal naming a field', () => {
  it('is shown under that field, whether the path names the body or the form', () => {
    expect(['message.email', 'email', 'message.message', 'message', 'id', 'message.other'].map(issueField)).toEqual([
      'email',
      'email',
      'message',
      'message',
      null,
      null,
    ])
  })
})
