import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountEditResult } from '../../src/api/accountEdits.ts'
import { sendAccountEdit } from '../../src/api/accountEdits.ts'
import { accountView } from '../../src/domain/accountView.ts'
import { makeFact } from '../../src/domain/events.ts'
import type { AccountEditRequest } from '../../src/domain/profile.ts'
import { ACCOUNT_EDIT, accountEditOutbox } from '../../src/features/account/profile/accountEditQueue.ts'
import { recordLanguage } from '../../src/i18n/recordLanguage.ts'
import { drainOutbox } from '../../src/outbox/sender.ts'
import { openRows } from '../../src/outbox/table.ts'
import { commit } from '../../src/store/commit.ts'
import { closeStore, openStore } from '../../src/store/db.ts'
import { readAccountEdits, readChosenLanguage, readKnownCustomer } from '../../src/store/queries.ts'
import { customer } from '../machines/authHarness.ts'
import { freshStore } from '../store/fixtures.ts'

const me = customer({ id: 7 })
const offline: AccountEditResult = { kind: 'no-answer', error: 'Failed to fetch' }

/** A stand-in server: answers from a script, else saves the pick and answers the customer. */
function server(...answers: AccountEditResult[]) {
  const got: { userId: number; request: AccountEditRequest }[] = []
  const send = async (userId: number, request: AccountEditRequest): Promise<AccountEditResult> => {
    got.push({ userId, request })
    return answers.shift() ?? { kind: 'saved', user: me }
  }
  return { got, send }
}

const drain = (send: ReturnType<typeof server>['send'], signedIn: number | null = 7) =>
  drainOutbox([accountEditOutbox(send)], { force: true, signedIn }).then((r) => r.outcomes[ACCOUNT_EDIT] ?? [])

const choices = async () => (await openStore()).db.events.where('type').equals('v1.LanguageChosen').toArray()

beforeEach(async () => {
  await freshStore()
})
afterEach(async () => {
  vi.unstubAllGlobals()
  // The setup file's guard against unhandled network requests.
  vi.stubGlobal('fetch', (input: unknown) => {
    throw new Error(`Unhandled network request in a unit test: ${String(input)}`)
  })
  await closeStore({ delete: true })
})

describe("a signed-in customer's language pick", () => {
  beforeEach(() => commit(makeFact('v1.CustomerSignedIn', { user: me }, { id: 'signed-in', occurredAt: '2026-03-01T08:00:00.000Z' })))

  it("is the device's choice and a queued edit of the account in one write, keyed by the fact's id", async () => {
    expect(await recordLanguage('af')).toBe(ACCOUNT_EDIT)
    expect(await readChosenLanguage()).toBe('af')
    const [fact] = await choices()
    const rows = await openRows(ACCOUNT_EDIT)
    expect(rows).toEqual([
      expect.objectContaining({ id: fact?.id, kind: ACCOUNT_EDIT, customerId: 7, request: { id: fact?.id, edit: { kind: 'language', language: 'af' } } }),
    ])
  })

  it('made offline waits in the outbox and reaches the server once when the connection returns', async () => {
    await recordLanguage('xh')
    const down = server(offline)
    expect(await drain(down.send)).toMatchObject([{ kind: 'waiting' }])
    expect(await openRows(ACCOUNT_EDIT)).toHaveLength(1)
    const up = server()
    expect(await drain(up.send)).toMatchObject([{ kind: 'saved', waited: true }])
    await drain(up.send)
    const [fact] = await choices()
    expect(up.got).toEqual([{ userId: 7, request: { id: fact?.id, edit: { kind: 'language', language: 'xh' } } }])
    expect(await openRows(ACCOUNT_EDIT)).toEqual([])
    // The profile shows no language, so nothing of it waits or is refused there.
    expect(accountView((await readKnownCustomer()) ?? me, await readAccountEdits())).toMatchObject({ waiting: new Set(), refused: [] })
  })

  it('goes only under its own customer: another signed in meanwhile does not send it', async () => {
    await recordLanguage('af')
    const s = server()
    await drain(s.send, 8)
    await drain(s.send, null)
    expect(s.got).toEqual([])
    expect(await openRows(ACCOUNT_EDIT)).toHaveLength(1)
  })

  it('is sent as PUT /v2/users/{user_id}/language with its id as the Idempotency-Key', async () => {
    const calls: { url: string; method: string | undefined; key: string | null; body: unknown }[] = []
    vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      calls.push({ url, method: init.method, key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) })
      return new Response(JSON.stringify({ user: me }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    const id = '5f0c7a52-2b51-4a8e-9d1b-6a9f1f0a3c11'
    expect(await sendAccountEdit(7, { id, edit: { kind: 'language', language: 'af' } })).toEqual({ kind: 'saved', user: me })
    expect(calls).toEqual([{ url: expect.stringMatching(/\/v2\/users\/7\/language$/), method: 'PUT', key: id, body: { language: 'af' } }])
  })
})

describe('a language pick while nobody is signed in', () => {
  it('is only the device’s choice: nothing is queued for an account', async () => {
    expect(await recordLanguage('xh')).toBeNull()
    expect(await readChosenLanguage()).toBe('xh')
    expect(await openRows(ACCOUNT_EDIT)).toEqual([])
  })

  it('after a sign-out queues nothing for the customer who left', async () => {
    await commit(makeFact('v1.CustomerSignedIn', { user: me }, { id: 'signed-in', occurredAt: '2026-03-01T08:00:00.000Z' }))
    await commit(makeFact('v1.CustomerSignedOut', {}, { id: 'signed-out', occurredAt: '2026-03-01T09:00:00.000Z' }))
    expect(await recordLanguage('af')).toBeNull()
    expect(await openRows(ACCOUNT_EDIT)).toEqual([])
  })
})
