export interface RetryOptions {
  /** Tries after the first one (5 by default). */
  retries?: number
  /** The wait before the first retry, doubled before each next one (350 ms by default). */
  firstDelayMs?: number
  /** False for a failure no retry can mend (offline with nothing cached). */
  shouldRetry?: (error: unknown) => boolean
  sleep?: (ms: number) => Promise<void>
}

/**
 * Runs `task`, and after a failure retries it up to `retries` times, waiting 350 ms, then 700, 1400, 2800 and
 * 5600 ms: attempts start at 0, 350, 1050, 2450, 5250 and 10850 ms. The last failure is thrown.
 */
export async function withRetry<T>(
  task: () => Promise<T>,
  { retries = 5, firstDelayMs = 350, shouldRetry = () => true, sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) }: RetryOptions = {},
): Promise<T> {
  let delay = firstDelayMs
  for (let retry = 0; ; retry++) {
    try {
      return await task()
    } catch (error) {
      if (retry >= retries || !shouldRetry(error)) throw error
      await sleep(delay)
      delay *= 2
    }
  }
}
