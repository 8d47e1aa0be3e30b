import { describe, expect, it, vi } from 'vitest'
import { withRetry } from '../../src/i18n/retry.ts'

// "Loading retries up to 5 times, starting at 350 ms and doubling": one try, then 5 retries.
const ATTEMPTS_AT_MS = [0, 350, 1050, 2450, 5250, 10850]

describe('loading translations with retries', () => {
  it('tries once and retries 5 times, 350 ms after the first failure and doubling, then gives up', async () => {
    vi.useFakeTimers()
    const start = Date.now()
    const attempts: number[] = []
    const loading = withRetry(async () => {
      attempts.push(Date.now() - start)
      throw new Error('offline')
    })
    const outcome = loading.then(
      () => 'loaded',
      (e: Error) => e.message,
    )
    await vi.advanceTimersByTimeAsync(349)
    expect(attempts).toEqual([0])
    await vi.advanceTimersByTimeAsync(1)
    expect(attempts).toEqual([0, 350])
    await vi.advanceTimersByTimeAsync(10_849 - 350)
    expect(attempts).toEqual(ATTEMPTS_AT_MS.slice(0, 5))
    await vi.advanceTimersByTimeAsync(1)
    expect(attempts).toEqual(ATTEMPTS_AT_MS)
    expect(await outcome).toBe('offline')
    // No seventh try, however long one waits.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(attempts).toHaveLength(6)
  })

  it('returns as soon as one try succeeds, with no further waiting', async () => {
    vi.useFakeTimers()
    const start = Date.now()
    const attempts: number[] = []
    const loading = withRetry(async () => {
      attempts.push(Date.now() - start)
      if (attempts.length < 3) throw new Error('not yet')
      return 'messages'
    })
    await vi.advanceTimersByTimeAsync(1050)
    expect(await loading).toBe('messages')
    expect(attempts).toEqual([0, 350, 1050])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('gives up at once on a failure no retry can mend', async () => {
    let calls = 0
    const loading = withRetry(
      async () => {
        calls++
        throw new Error('needs a connection')
      },
      { shouldRetry: () => false },
    )
    await expect(loading).rejects.toThrow('needs a connection')
    expect(calls).toBe(1)
  })
})
