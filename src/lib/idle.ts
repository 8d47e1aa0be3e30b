/** Runs `run` in the browser's next idle period (within a second even on a busy page); the returned function cancels it. */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 1000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(run, 1)
  return () => clearTimeout(timer)
}

/**
 * Ends the current task and resolves in a new one: the browser may paint and handle input in between, so boot
 * steps that follow one another do not add up to one long task on a slow phone.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
