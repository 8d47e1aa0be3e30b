import { answerOutcome } from '../src/api/queuedWrite.ts'
import { isDue } from '../src/outbox/lifecycle.ts'
import { afterReplay, queuedEntry } from './orderRoute.ts'

/** The part of Workbox's background-sync Queue a replay uses. */
export interface ReplayQueue {
  shiftRequest(): Promise<{ request: Request; metadata?: object } | undefined>
  unshiftRequest(entry: { request: Request; metadata?: object }): Promise<void>
}

export interface ReplayEffects {
  send: (request: Request) => Promise<Response>
  /** Tells the open pages, if any, that the server answered `replayed` orders. */
  notifyPages: () => Promise<void>
  now?: () => Date
}

/**
 * Replays queued orders in order, each by the outbox lifecycle: one not due yet (the server asked us to wait), or
 * still without a final answer, goes back to the front with its next wait, and the throw asks the browser to sync
 * again later. It runs in the worker, on Background Sync or at the worker's start, with or without an open page.
 */
export async function replayOrders(queue: ReplayQueue, { send, notifyPages, now = () => new Date() }: ReplayEffects): Promise<number> {
  let replayed = 0
  try {
    for (let queued = await queue.shiftRequest(); queued; queued = await queue.shiftRequest()) {
      const entry = queuedEntry(queued.metadata)
      if (!isDue(entry, now())) {
        await queue.unshiftRequest(queued)
        throw new Error(`The server asked to wait until ${entry.nextAttemptAt}`)
      }
      const outcome = await send(queued.request.clone()).then(
        (response) => answerOutcome(response),
        (error: unknown) => ({ kind: 'no-answer' as const, error: String(error) }),
      )
      const kept = afterReplay(entry, outcome, now())
      if (kept === null) {
        replayed += 1
        continue
      }
      await queue.unshiftRequest({ ...queued, metadata: kept })
      throw new Error(kept.lastError ?? 'No answer')
    }
  } finally {
    if (replayed) await notifyPages()
  }
  return replayed
}
