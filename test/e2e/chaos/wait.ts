/** Waiting on what the page shows, for the chaos test. */

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Polls `test` until it returns true (errors count as false: a screen may re-render under a read) or `timeout` ms
 * passed; true when it did.
 */
export async function until(test: () => boolean | Promise<boolean>, timeout: number, every = 50): Promise<boolean> {
  const end = Date.now() + timeout
  for (;;) {
    try {
      if (await test()) return true
    } catch {
      // A read raced a re-render or a navigation: try again.
    }
    if (Date.now() >= end) return false
    await sleep(every)
  }
}

/** Resolves when the promise settles or after `ms`, whichever comes first; never rejects. */
export async function settled(promise: Promise<unknown>, ms: number): Promise<void> {
  await Promise.race([
    promise.then(
      () => undefined,
      () => undefined,
    ),
    sleep(ms),
  ])
}

/**
 * page.evaluate without an end of its own waits for a document that may never come (a navigation that never
 * commits); this one gives up after `ms`.
 */
export async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms)))
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}
