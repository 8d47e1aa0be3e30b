import 'fake-indexeddb/auto'
import { afterEach, beforeAll, vi } from 'vitest'

// A unit test that reaches the network or logs an error is a failing test.
beforeAll(() => {
  vi.stubGlobal('fetch', (input: unknown) => {
    throw new Error(`Unhandled network request in a unit test: ${String(input)}`)
  })
})
const consoleError = console.error
console.error = (...args: unknown[]) => {
  consoleError(...args)
  throw new Error(`console.error in a unit test: ${args.map(String).join(' ')}`)
}
afterEach(() => vi.useRealTimers())
