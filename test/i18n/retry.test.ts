import { describe, expect, it } from 'vitest'
import { withRetry } from '../../src/i18n/retry.ts'

describe('loading translations with retries', () => {
  it('tries 5 times, waiting 350 ms and doubling, then gives up', async () => {
    const waits: number[] = []
    let calls = 0
    const failing = withRetry(
      async () => {
        calls++
        throw new Error('offline')
      },
      { sleep: async (ms) => void waits.push(ms) },
    )
    await expect(failing).rejects.toThrow('offline')
    expect(calls).toBe(5)
    expect(waits).toEqual([350, 700, 1400, 2800])
  })

  it('returns as soon as one try succeeds', async () => {
    let calls = 0
    const result = await withRetry(
      async () => {
        calls++
        if (calls < 3) throw new Error('not yet')
        return 'messages'
      },
      { sleep: async () => {} },
    )
    expect(result).toBe('messages')
    expect(calls).toBe(3)
  })
})
