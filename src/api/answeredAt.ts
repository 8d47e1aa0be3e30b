import { SENT_TIMING } from '../domain/sentTiming.ts'

/** A validated answer and when the server made it. */
export interface Dated<T> {
  body: T
  fetchedAt: string
}

/**
 * When the server made an answer, by its own clock (the HTTP Date header): a copy the service worker kept while
 * offline keeps its age. Never later than the device's now, so a device clock behind the server's shows no answer
 * from the future; without a date (or with a broken one) the answer is from now.
 */
export function answeredAt(sent: string | null | undefined, now = Date.now()): string {
  const time = sent ? Date.parse(sent) : Number.NaN
  return new Date(Number.isNaN(time) ? now : Math.min(time, now)).toISOString()
}

/** When the server sent this page (browsers expose Server-Timing only in secure contexts; elsewhere it is now). */
export function pageAnsweredAt(timing: Pick<Performance, 'getEntriesByType'> | undefined = globalThis.performance): string {
  const [navigation] = (timing?.getEntriesByType('navigation') ?? []) as PerformanceNavigationTiming[]
  return answeredAt(navigation?.serverTiming?.find((entry) => entry.name === SENT_TIMING)?.description)
}
