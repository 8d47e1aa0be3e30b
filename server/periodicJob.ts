import type { Logger } from './log.ts'

export interface PeriodicJob {
  /** Stops the job: no run starts after this, and the one under way is waited for. */
  stop(): Promise<void>
  /** Runs now rather than at the end of the interval (or once more right after the run under way, which may have missed what is new). */
  nudge(): void
}

/**
 * Runs `run` every `intervalMs` after the previous run ended (never two at once), logging a failed run as `failure`;
 * the job never keeps the process alive on its own. `stopping` aborts when stop() is called, so a long run can end early.
 */
export function startPeriodicJob(
  run: (stopping: AbortSignal) => Promise<unknown>,
  { intervalMs, log, failure }: { intervalMs: number; log: Logger; failure: string },
): PeriodicJob {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let stopped = false
  let again = false
  const stopping = new AbortController()
  const runNow = () => {
    clearTimeout(timer)
    running = run(stopping.signal)
      .catch((error: unknown) => log.error({ err: error }, failure))
      .finally(() => {
        running = undefined
        if (stopped) return
        if (again) {
          again = false
          runNow()
        } else schedule()
      })
  }
  const schedule = () => {
    timer = setTimeout(runNow, intervalMs)
    timer.unref()
  }
  schedule()
  return {
    nudge() {
      if (stopped) return
      if (running) again = true
      else runNow()
    },
    async stop() {
      stopped = true
      stopping.abort()
      clearTimeout(timer)
      await running
    },
  }
}
