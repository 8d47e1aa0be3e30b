import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { onError } from '../../../server/http/errors.ts'
import { isDatabaseUnavailable } from '../../../server/db/unavailable.ts'

const failWith = (error: unknown) =>
  new Hono()
    .get('/fail', () => {
      throw error
    })
    .onError(onError)
    .request('/fail')

// What the postgres driver and Node report while PostgreSQL restarts, fails over or cannot be reached.
const unreachable: Array<[string, unknown]> = [
  ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
  ['a session ended by a fast shutdown (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
  ['a server still starting (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
  ['a connection exception (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
  ['the driver’s closed connection', Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' })],
  ['a connection not made in time', Object.assign(new Error('write CONNECT_TIMEOUT 127.0.0.1:5432'), { code: 'CONNECT_TIMEOUT' })],
  ['a wrapped refusal', new Error('query failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })],
  ['a message naming a terminated connection', new Error('terminating connection because of crash of another server process')],
]

describe('while the database cannot be reached', () => {
  it.each(unreachable)('answers %s with 503, Retry-After and a message the app translates', async (_, error) => {
    const res = await failWith(error)
    expect(res.status).toBe(503)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await res.json()).toEqual({ error: serverMessages.unavailable })
  })

  it('still answers a fault of the request itself (a syntax error, a violated check) with 500', async () => {
    for (const error of [Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }), new TypeError('x is undefined')]) {
      const res = await failWith(error)
      expect(res.status).toBe(500)
      expect(res.headers.get('retry-after')).toBeNull()
      expect(isDatabaseUnavailable(error)).toBe(false)
    }
  })
})
