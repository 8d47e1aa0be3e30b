import { hostname } from 'node:os'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/types.ts'
import type { Logger } from '../log.ts'
import { applyDueActions } from './applyDueActions.ts'

export interface ActionJobOptions {
  db: Db
  clock: Clock
  log: Logger
  /** Time between runs. */
  intervalMs: number
}

/** Who applied an action, as service_actions.applied_by records it: this host and process. */
export const thisProcess = (): string => `${hostname()}:${process.pid}`

/**
 * Every instance runs this job: each run applies the scheduled SIM actions whose date has come (package changes,
 * cancellations). The claim in the database (applyDueAction) makes each apply once however many instances run it.
 */
export function startActionJob({ db, clock, log, intervalMs }: ActionJobOptions): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let stopped = false
  const by = thisProcess()
  const run = async () => {
    for (const action of await applyDueActions(db, clock.now(), by))
      log.info({ actionId: action.id, serviceId: action.serviceId, kind: action.kind }, 'scheduled SIM action applied')
  }
  const schedule = () => {
    timer = setTimeout(() => {
      running = run()
        .catch((error: unknown) => log.error({ err: error }, 'applying scheduled SIM actions failed'))
        .finally(() => {
          running = undefined
          if (!stopped) schedule()
        })
    }, intervalMs)
    // The job never keeps a process alive on its own.
    timer.unref()
  }
  schedule()
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
