import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CUSTOMER_SIGNED_OUT, GET_VERSION, ORDERS_REPLAYED, pageMessage, SKIP_WAITING, workerMessage } from '../../src/pwa/workerMessages.ts'

describe('the messages between the page and its service worker', () => {
  it('reads each message on the side it is meant for, and nothing else', () => {
    for (const type of [CUSTOMER_SIGNED_OUT, SKIP_WAITING, GET_VERSION]) {
      expect(pageMessage({ type })).toEqual({ type })
      expect(workerMessage({ type })).toBeUndefined()
    }
    expect(workerMessage({ type: ORDERS_REPLAYED })).toEqual({ type: ORDERS_REPLAYED })
    expect(pageMessage({ type: ORDERS_REPLAYED })).toBeUndefined()
    for (const stray of [undefined, null, 'customer.signedOut', { type: 'CACHE_UPDATED' }, { type: 1 }]) {
      expect(pageMessage(stray)).toBeUndefined()
      expect(workerMessage(stray)).toBeUndefined()
    }
  })

  it('are named only in src/pwa/workerMessages.ts: the page and the worker use its constants', () => {
    const sources = ['src', 'sw']
      .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
      .filter((file) => /\.tsx?$/.test(file) && file !== 'src/pwa/workerMessages.ts')
    const literal = /['"`](customer\.signedOut|orders\.replayed|SKIP_WAITING|GET_VERSION)['"`]/
    expect(sources.filter((file) => literal.test(readFileSync(file, 'utf8')))).toEqual([])
  })
})
