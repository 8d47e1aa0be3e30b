import { afterEach, describe, expect, it } from 'vitest'
import { FetchError } from 'ofetch'
import { ApiError, toApiError } from '../../src/api/client.ts'
import { listenForErrors, rootErrorOptions } from '../../src/app/errorHooks.ts'
import type { ClientErrorReport } from '../../src/domain/clientError.ts'
import { configureErrorReports, reportError } from '../../src/reportError.ts'

const sent: ClientErrorReport[] = []
configureErrorReports({ release: 'build-7', send: async (report) => void sent.push(report) })
afterEach(() => void sent.splice(0))

describe("the page's errors", () => {
  it('go out as reports with the release, scrubbed, and an API error with its request id', () => {
    reportError(new ApiError('No order for thandi@example.co.za', 500, 'req-42'), 'orders')
    expect(sent).toEqual([
      expect.objectContaining({ kind: 'reported', context: 'orders', message: 'No order for [email]', release: 'build-7', requestId: 'req-42', count: 1 }),
    ])
  })

  it('are reported once, however many hooks hear the same error', () => {
    const error = new Error('render failed')
    rootErrorOptions.onCaughtError?.(error, { componentStack: '' })
    reportError(error, 'route', 'route')
    expect(sent.map((r) => [r.kind, r.message])).toEqual([['render', 'render failed']])
  })

  it("come from the window's error and unhandledrejection events and from a hydration mismatch", () => {
    const target = new EventTarget()
    const stop = listenForErrors(target as unknown as Window)
    target.dispatchEvent(Object.assign(new Event('error'), { error: new TypeError('x is not a function'), message: 'x is not a function' }))
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('lost promise') }))
    // A cross-origin script tells nothing: nothing to report.
    target.dispatchEvent(Object.assign(new Event('error'), { error: undefined, message: 'Script error.' }))
    rootErrorOptions.onRecoverableError?.(new Error('Hydration failed'), {})
    stop()
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after stop') }))
    expect(sent.map((r) => [r.kind, r.message])).toEqual([
      ['error', 'x is not a function'],
      ['unhandledrejection', 'lost promise'],
      ['hydration', 'Hydration failed'],
    ])
  })
})

describe('the api client', () => {
  it('keeps the X-Request-Id of a failed answer on its error', () => {
    const failed = Object.assign(new FetchError('[POST] "/api/x": 500 Internal Server Error'), {
      response: new Response('{"error":"Internal server error"}', { status: 500, headers: { 'X-Request-Id': 'f6339ead-3bcd-4eaa-b52a-1f33f4494ac2' } }),
      status: 500,
      data: { error: 'Internal server error' },
    })
    expect(toApiError(failed)).toMatchObject({ status: 500, message: 'Internal server error', requestId: 'f6339ead-3bcd-4eaa-b52a-1f33f4494ac2' })
  })
})
