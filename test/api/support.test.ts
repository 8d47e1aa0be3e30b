import { describe, expect, it, vi } from 'vitest'
import { sendSupportMessage } from '../../src/api/support.ts'
import { retryAfterMs } from '../../src/api/queuedWrite.ts'

const request = { id: '0d6f6a9e-3c1b-4c2a-9d8e-6f1a2b3c4d5e', message: { name: 'Thandi', email: 'thandi@example.co.za', message: 'Hello' } }
let asked: Request | undefined

/** The network answers once with `status`, `body` and `headers`, keeping the request it got. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}): void {
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    asked = new Request(new URL(String(input instanceof Request ? input.url : input), 'http://x'), init)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
  })
}

describe('POST /api/support/messages', () => {
  it('sends the message with its id as Idempotency-Key and gives the reference', async () => {
    answer(201, { reference: 'SUP-7K3F9Q2A' })
    expect(await sendSupportMessage(request)).toEqual({ kind: 'sent', reference: 'SUP-7K3F9Q2A' })
    expect(new URL(asked!.url).pathname).toBe('/api/support/messages')
    expect(asked!.headers.get('Idempotency-Key')).toBe(request.id)
    expect(asked!.headers.get('Key')).toBeTruthy()
  })

  it('leaves the session cookie out for a message of a customer who is not signed in now', async () => {
    answer(201, { reference: 'SUP-7K3F9Q2A' })
    await sendSupportMessage(request, { withSession: false })
    expect(asked!.credentials).toBe('omit')
    await sendSupportMessage(request)
    expect(asked!.credentials).toBe('same-origin')
  })

  it('passes on a refusal with its field issues', async () => {
    answer(400, { error: 'Invalid input', issues: [{ path: ['message', 'email'], message: 'Invalid email address.' }] })
    expect(await sendSupportMessage(request)).toEqual({
      kind: 'refused',
      status: 400,
      error: 'Invalid input',
      issues: [{ path: 'message.email', message: 'Invalid email address.' }],
      retryAfterMs: null,
    })
  })

  it('reads Retry-After on a 429', async () => {
    answer(429, { error: 'Too many messages' }, { 'retry-after': '30' })
    expect(await sendSupportMessage(request)).toMatchObject({ kind: 'refused', status: 429, retryAfterMs: 30_000 })
  })

  it('reports no answer when the network fails', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await sendSupportMessage(request)).toMatchObject({ kind: 'no-answer' })
  })
})

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('120')).toBe(120_000)
    expect(retryAfterMs('Sun, 01 Mar 2026 08:01:00 GMT', Date.parse('2026-03-01T08:00:00Z'))).toBe(60_000)
    expect(retryAfterMs(null)).toBeNull()
    expect(retryAfterMs('soon')).toBeNull()
  })
})
