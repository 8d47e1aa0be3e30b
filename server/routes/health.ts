import { Hono } from 'hono'
import type { Context } from 'hono'
import type { Db } from '../db/types.ts'
import { requestLog } from '../http/requestContext.ts'

/** A load balancer gives up on a probe after a few seconds; a database slower than this counts as not answering. */
export const readinessTimeoutMs = 2_000

export interface Readiness {
  /** True from the moment shutdown begins: the load balancer should send nothing new. */
  draining(): boolean
}

const answer = (c: Context, status: 200 | 503, body: { status: string }) => {
  c.header('Cache-Control', 'no-store')
  return c.json(body, status)
}

async function databaseAnswers(db: Db): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${readinessTimeoutMs} ms`)), readinessTimeoutMs)
  })
  try {
    await Promise.race([db.query('select 1'), late])
  } finally {
    clearTimeout(timer)
  }
}

/** GET /healthz: the process is alive (200). GET /readyz: it can serve, meaning the database answers and no shutdown began (200, else 503). */
export function healthRoutes(db: Db, readiness: Readiness) {
  return new Hono()
    .get('/healthz', (c) => answer(c, 200, { status: 'ok' }))
    .get('/readyz', async (c) => {
      if (readiness.draining()) return answer(c, 503, { status: 'shutting down' })
      try {
        await databaseAnswers(db)
        return answer(c, 200, { status: 'ready' })
      } catch (error) {
        requestLog(c).warn({ err: error }, 'not ready: the database does not answer')
        return answer(c, 503, { status: 'database unavailable' })
      }
    })
}
