import { availableParallelism, loadavg } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { openDb } from '../../server/db/createDb.ts'
import { seed } from '../../server/seed/seed.ts'
import { stagingEnv, startInstances, stopInstances } from '../instances/helpers/cluster.ts'
import { percentile, placeOrders, signUpThrough } from '../instances/helpers/orderLoad.ts'
import type { OrderOutcome } from '../instances/helpers/orderLoad.ts'
import { compiledProject } from '../server/helpers/compiledServer.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import { withPostgres } from './load.ts'

/**
 * `npm run bench:instances`: order creation (POST /api/v10/partner/order, a new Idempotency-Key each) through 1 and
 * through 3 processes of the compiled server on the same PostgreSQL, with the same client: CONCURRENCY orders in
 * flight, sent to the instances in turn, for SECONDS after a warm-up. The figures are this machine's: the client,
 * every instance and PostgreSQL share its cores.
 */
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32)
const seconds = Number(process.env.BENCH_SECONDS ?? 25)
const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5)
const customerCount = 8
// Each instance's pool; unset, the server's default.
const poolMax = process.env.DATABASE_POOL_MAX
const counts = (process.env.BENCH_INSTANCES ?? '1,3').split(',').map(Number)

interface Figures {
  instances: number
  ordersPerSecond: number
  p50: number
  p99: number
  /** Orders answered with anything but 200, or not at all (the bench does not retry). */
  failed: number
}

async function measure(root: string, serverUrl: string, count: number): Promise<Figures> {
  const database = await freshDatabase(serverUrl)
  const instances = await startInstances(root, count, stagingEnv(database.url, poolMax ? { DATABASE_POOL_MAX: poolMax } : {}))
  const db = await openDb(database.url, undefined, { poolMax: 1 })
  try {
    await seed(db)
    const targets = instances.map((i) => i.url)
    const customers = await Promise.all(Array.from({ length: customerCount }, (_, i) => signUpThrough(targets[i % count]!, `198.51.100.${i + 1}`)))
    const run = async (duration: number) => {
      const stop = new AbortController()
      const load = placeOrders({ targets, customers, concurrency, stop: stop.signal, maxAttempts: 1 })
      await sleep(duration * 1000)
      stop.abort()
      return load
    }
    await run(warmUpSeconds)
    const started = performance.now()
    const outcomes: OrderOutcome[] = await run(seconds)
    const elapsed = (performance.now() - started) / 1000
    const latencies = outcomes.map((o) => o.latencyMs)
    return {
      instances: count,
      ordersPerSecond: outcomes.filter((o) => o.status === 200).length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      failed: outcomes.filter((o) => o.status !== 200).length,
    }
  } finally {
    await db.close()
    const exits = await stopInstances(instances)
    if (exits.some((e) => e.code !== 0)) console.error(`an instance exited with ${JSON.stringify(exits)}`)
    await database.drop()
  }
}

const project = await compiledProject()
try {
  const result = await withPostgres(async (serverUrl) => {
    const db = await openDb(serverUrl, undefined, { poolMax: 1 })
    const [{ version } = { version: '?' }] = await db.query<{ version: string }>("select current_setting('server_version') as version")
    await db.close()
    console.log(
      `${availableParallelism()} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} before the run; Node ${process.version}; PostgreSQL ${version}; ` +
        `${concurrency} orders in flight from one client, ${seconds} s per run after ${warmUpSeconds} s of warm-up; ${poolMax ? `DATABASE_POOL_MAX=${poolMax}` : 'the default pool (DATABASE_POOL_MAX)'} per instance`,
    )
    const figures: Figures[] = []
    for (const count of counts) figures.push(await measure(project.root, serverUrl, count))
    return figures
  })
  if ('skipped' in result) {
    console.error(`bench:instances needs PostgreSQL: ${result.skipped}`)
    process.exitCode = 1
  } else {
    console.log('| instances | orders/s | p50 ms | p99 ms | failed |')
    console.log('|---:|---:|---:|---:|---:|')
    for (const f of result) console.log(`| ${f.instances} | ${f.ordersPerSecond.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.failed} |`)
    if (result.some((f) => f.failed > 0)) process.exitCode = 1
  }
} finally {
  project.remove()
}
