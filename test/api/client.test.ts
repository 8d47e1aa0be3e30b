import { afterEach, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { FetchError } from 'ofetch'
import { api, ApiError, refusalOf, toApiError } from '../../src/api/client.ts'
import { createOrder } from '../../src/api/orders.ts'
import { renameSim } from '../../src/api/serviceActions.ts'
import { sendAccountEdit } from '../../src/api/accountEdits.ts'
import { sendSupportMessage } from '../../src/api/support.ts'
import { sendClientError } from '../../src/api/clientErrors.ts'
import { logout } from '../../src/api/account.ts'

const ErrorWithCode = v.object({ error: v.string(), code: v.optional(v.string()) })

/** The network answers every call with `status`, `body` and `headers`. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}): void {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }))
}

/** What the one client throws for a call to the network as it is stubbed now. */
async function thrown(): Promise<unknown> {
  return api('/v2/anything', { method: 'POST', body: {} }).then(
    () => expect.unreachable('the call was answered'),
    (e: unknown) => e,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('refusalOf', () => {
  it('reads a refusal: its status, its body by the given schema, Retry-After and the request id', async () => {
    answer(429, { error: 'Too many requests', code: 'rate_limited' }, { 'retry-after': '7', 'x-request-id': 'req-1' })
    expect(refusalOf(await thrown(), ErrorWithCode)).toEqual({
      kind: 'refused',
      status: 429,
      body: { error: 'Too many requests', code: 'rate_limited' },
      retryAfterMs: 7000,
      requestId: 'req-1',
    })
  })

  it('gives a null body when the refusal is not in the schema, and no wait when none was asked', async () => {
    answer(500, '<html>proxy</html>')
    expect(refusalOf(await thrown(), ErrorWithCode)).toEqual({ kind: 'refused', status: 500, body: null, retryAfterMs: null, requestId: undefined })
  })

  it('reads an answer that does not fit its schema as a refusal by a bad gateway', () => {
    const unreadable = v.safeParse(v.object({ id: v.number() }), { id: 'x' })
    const error = unreadable.success ? null : new v.ValiError(unreadable.issues)
    expect(refusalOf(error, ErrorWithCode)).toEqual({ kind: 'refused', status: 502, body: null, retryAfterMs: null, requestId: undefined })
  })

  it('reads a call that got no answer as no answer', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(refusalOf(await thrown(), ErrorWithCode)).toMatchObject({ kind: 'no-answer', error: expect.stringContaining('Failed to fetch') })
    expect(refusalOf(new FetchError('timed out'), ErrorWithCode)).toEqual({ kind: 'no-answer', error: 'timed out' })
  })

  it('agrees with toApiError on the status, the text and the request id', async () => {
    answer(403, { error: 'Not yours.' }, { 'x-request-id': 'req-2' })
    const e = await thrown()
    expect(toApiError(e)).toEqual(new ApiError('Not yours.', 403, 'req-2'))
    expect(refusalOf(e, ErrorWithCode)).toMatchObject({ status: 403, body: { error: 'Not yours.' }, requestId: 'req-2' })
  })
})

describe('the write clients read a refusal the same way', () => {
  it('an order, a SIM rename and an account edit each keep the status, the text and the wait', async () => {
    answer(503, { error: 'Busy', code: 'busy', issues: [] }, { 'retry-after': '3' })
    expect(await createOrder(1, { order: { id: 'o-1' } } as never)).toEqual({ kind: 'refused', status: 503, error: 'Busy', code: 'busy', retryAfterMs: 3000 })
    expect(await renameSim(1, { id: 'r-1', name: 'Phone' } as never)).toEqual({ kind: 'refused', status: 503, error: 'Busy', retryAfterMs: 3000 })
    expect(await sendAccountEdit(1, { id: 'e-1', edit: { kind: 'address.remove', address_id: 2 } } as never)).toEqual({
      kind: 'refused',
      status: 503,
      error: 'Busy',
      issues: [],
      retryAfterMs: 3000,
    })
  })
  it('a support message, an error report and a logout each keep the status and the wait', async () => {
    answer(503, { error: 'Busy', issues: [] }, { 'retry-after': '3' })
    expect(await sendSupportMessage({ id: 's-1', message: { name: 'A', email: 'a@example.co.za', message: 'Hi' } })).toEqual({
      kind: 'refused',
      status: 503,
      error: 'Busy',
      issues: [],
      retryAfterMs: 3000,
    })
    expect(await sendClientError({} as never)).toEqual({ kind: 'refused', status: 503, error: '', retryAfterMs: 3000 })
    expect(await logout()).toEqual({ kind: 'answered', status: 503 })
  })
})
