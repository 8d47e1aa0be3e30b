import type { Clock } from '../clock.ts'
import type { Db } from '../db/types.ts'
import type { Logger } from '../log.ts'
import { startPeriodicJob, type PeriodicJob } from '../periodicJob.ts'
import { applyDueActions } from './applyDueActions.ts'
import { thisInstance } from '../release.ts'

export interface ActionJobOptions {
  db: Db
  clock: Clock
  log: Logger
  /** Time between runs. */
  intervalMs: number
  /** Nudged after a run that applied something: each applied action queued its change for the network. */
  networkOutbox?: Pick<PeriodicJob, 'nudge'>
}

/**
 * Every instance runs this job: each run applies the scheduled SIM actions whose date has come (package changes,
 * cancellations). The claim in the database (applyDueAction) makes each apply once however many instances run it.
 */
export function startActionJob({ db, clock, log, intervalMs, networkOutbox }: ActionJobOptions): PeriodicJob {
  const by = thisInstance()
  const run = async () => {
    const applied = await applyDueActions(db, clock.now(), by)
    for (const action of applied) log.info({ actionId: action.id, serviceId: action.serviceId, kind: action.kind }, 'scheduled SIM action applied')
    if (applied.length > 0) networkOutbox?.nudge()
  }
  return startPeriodicJob(run, { intervalMs, log, failure: 'applying scheduled SIM actions failed' })
}
