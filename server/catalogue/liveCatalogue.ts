import type { Db } from '../db/types.ts'
import type { Logger } from '../log.ts'
import { reloadCatalogue } from './catalogueBytes.ts'
import { CATALOGUE_CHANNEL } from './catalogueChanged.ts'

/** After a reload failed (the database away), the next try comes this much later, unless a change comes first. */
export const reloadRetryMs = 1_000

/**
 * Keeps the catalogue this instance serves in step with the database, without a restart: it is read again at every
 * catalogueChanged() commit, on any instance or from the command line, and each time the listening connection comes
 * back after a drop (a change committed meanwhile was not heard). Reloads run one at a time: changes heard during one
 * make one more. Resolves once listening; the returned function stops (before the database closes).
 */
export async function followCatalogue(db: Db, log: Logger): Promise<() => Promise<void>> {
  let stopped = false
  let running: Promise<void> | undefined
  let again = false
  let retry: ReturnType<typeof setTimeout> | undefined
  const reload = () => {
    clearTimeout(retry)
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = reloadCatalogue(db).then(
      (catalogue) => {
        if (catalogue) log.info({ etag: catalogue.etag }, 'catalogue reloaded')
      },
      (error: unknown) => {
        log.warn({ err: error }, 'reloading the catalogue failed; the previous one is served until a try succeeds')
        if (!stopped) retry = setTimeout(reload, reloadRetryMs)
      },
    )
    void running.then(() => {
      running = undefined
      if (again) {
        again = false
        reload()
      }
    })
  }
  const unlisten = await db.listen(CATALOGUE_CHANNEL, { notified: reload, listening: reload })
  return async () => {
    stopped = true
    clearTimeout(retry)
    await unlisten()
    await running
  }
}
