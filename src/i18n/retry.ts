/** Runs `task` up to `attempts` times, waiting `firstDelayMs` and then doubling between tries (spec §1: 5, 350 ms). */
export async function withRetry<T>(
  task: () => Promise<T>,
  { attempts = 5, firstDelayMs = 350, sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) } = {},
): Promise<T> {
  let delay = firstDelayMs
  for (let attempt = 1; ; attempt++) {
    try {
      return await task()
    } catch (e) {
      if (attempt >= attempts) throw e
      await sleep(delay)
      delay *= 2
    }
  }
}
