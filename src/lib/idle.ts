/** Runs `run` in the browser's next idle period (within a second even on a busy page); the returned function cancels it. */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 1000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(run, 1)
  return () => clearTimeout(timer)
}
