/** Runs `work` while holding the 'outbox' Web Lock, so only one tab of the origin drains at a time. */
export function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  // Without Web Locks (old browsers, tests) the Idempotency-Key still keeps a double send harmless.
  if (!locks) return work()
  return locks.request('outbox', work) as Promise<T>
}
