import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/api/client.ts'
import { fetchBilling, fetchService, fetchServices } from '../../src/api/portal.ts'
import { billRow, monthly, prepaid } from '../fixtures/portal.ts'

const calls: string[] = []

/** The network answers `body` with the given headers and records which URLs were asked. */
function answer(body: unknown, headers: Record<string, string> = {}, status = 200): void {
  vi.stubGlobal('fetch', async (input: Request | string) => {
    calls.push(typeof input === 'string' ? input : input.url)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
  })
}

afterEach(() => {
  calls.length = 0
})

describe('the portal calls', () => {
  it('ask the partner API paths and give the validated lists', async () => {
    answer({ services: [prepaid(), monthly()] })
    expect((await fetchServices(7)).body.map((s) => s.id)).toEqual([1, 2])
    answer({ service: monthly() })
    expect((await fetchService('2')).body.id).toBe(2)
    answer({ bill_cycles: { account_level: [billRow()] } })
    expect((await fetchBilling(7)).body).toEqual([billRow()])
    expect(calls.map((url) => new URL(url, 'http://x').pathname)).toEqual([
      '/api/v8/partner/services/7',
      '/api/v8/partner/services/id/2',
      '/api/v4/partner/billing/info/3/7/',
    ])
  })

  it('date an answer by its Date header, so a copy the service worker kept offline keeps its age', async () => {
    answer({ services: [] }, { date: 'Sun, 22 Nov 2026 10:00:00 GMT' })
    expect((await fetchServices(7)).fetchedAt).toBe('2026-11-22T10:00:00.000Z')
  })

  it('date an answer without a Date header (or one from the future) now', async () => {
    const before = Date.now()
    answer({ services: [] }, { date: 'Fri, 01 Jan 2100 00:00:00 GMT' })
    const { fetchedAt } = await fetchServices(7)
    expect(Date.parse(fetchedAt)).toBeGreaterThanOrEqual(before)
    expect(Date.parse(fetchedAt)).toBeLessThanOrEqual(Date.now())
  })

  it("refuse an answer that is not the contract, and pass on the server's refusal", async () => {
    answer({ services: [{ id: 'one' }] })
    await expect(fetchServices(7)).rejects.toBeInstanceOf(ApiError)
    answer({ error: 'Not found' }, {}, 404)
    await expect(fetchService('99')).rejects.toMatchObject({ status: 404, message: 'Not found' })
  })
})
