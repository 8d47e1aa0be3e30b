import type { MiddlewareHandler } from 'hono'
import type { PeriodicJob } from '../periodicJob.ts'

/**
 * The requests that may queue a change for the network in their transaction: a payment recorded (a bundle's, through
 * the card status, the wallet or the provider's notification), a SIM's cancellation, and the network's own events
 * (RICA verified queues the activation), and the same RICA result recorded by staff at delivery.
 */
export const networkQueueingPaths =
  /^\/api\/(v2\/billing\/partner\/checkout\/|v8\/partner\/billing\/payment|v8\/partner\/services\/id\/[^/]+\/cancellation|payments\/webhook|network\/events|staff\/orders\/[^/]+\/sims\/[^/]+\/delivery)/

/** Nudges the job once such a request has been answered (its transaction committed), so what it queued is sent now, not at the next interval. */
export const nudgingAfter =
  (paths: RegExp, job: Pick<PeriodicJob, 'nudge'>): MiddlewareHandler =>
  async (c, next) => {
    await next()
    if (paths.test(c.req.path)) job.nudge()
  }
