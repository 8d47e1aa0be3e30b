import postgres from 'postgres'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ChannelListener, Db, Queryable } from './types.ts'
import { isDatabaseUnavailable } from './unavailable.ts'

type Sql = postgres.Sql | postgres.TransactionSql

// numeric and bigint arrive as strings by default; the API promises JSON numbers.
const types = {
  numeric: { to: 1700, from: [1700], serialize: String, parse: Number },
  int8: { to: 20, from: [20], serialize: String, parse: Number },
}

export interface PoolSettings {
  /** Connections opened at most (default 10). */
  poolMax?: number
  /** The server cancels a statement running longer than this; 0 (the default here) is no limit. */
  statementTimeoutMs?: number
  /** A connection not established within this fails (default 5 s; the driver's own is 30 s). */
  connectTimeoutMs?: number
}

/** The longest wait between two tries to connect while the database is away, in seconds. */
export const maxReconnectDelaySeconds = 0.5

/**
 * The driver's wait before a connection tries again, after `retries` failed ones across the pool. Its default grows
 * as 3^retries/100 s up to 20 s, and a restart under load fails dozens of tries, so the pool came back 10-20 s after
 * the database did; doubling from 25 ms to 0.5 s keeps a refused connection cheap and the return quick.
 */
export const reconnectDelaySeconds = (retries: number): number => Math.min(0.025 * 2 ** retries, maxReconnectDelaySeconds) * (0.5 + Math.random() / 2)

// Every pool this process opened, to replace them all after a driver fault (see recoverFromDriverFault).
const replaceables = new Set<() => void>()

/**
 * postgres 3.4.9 sometimes throws, from a timer, when a connection closes with a write still queued (porsager/postgres
 * issue 1154): nothing can catch it, and the connection it came from never sends again. Recognised by its message and frame.
 */
export const isDriverWriteFault = (error: unknown): boolean =>
  error instanceof TypeError && error.message.includes("reading 'write'") && /\bnextWrite\b/.test(error.stack ?? '')

/** The driver's own array-type lookup on a new connection, lost with that connection: nobody awaits it, and nothing is left broken. */
export const isDriverTypeLookupLoss = (error: unknown): boolean =>
  isDatabaseUnavailable(error) && /pg_catalog\.pg_type/.test(String((error as { query?: unknown }).query ?? ''))

/** After such a fault, every pool is replaced by a fresh one (the old one ends once its queries have); true when it was one. */
export function recoverFromDriverFault(error: unknown): boolean {
  if (!isDriverWriteFault(error) || replaceables.size === 0) return false
  for (const replace of replaceables) replace()
  return true
}

/** A real PostgreSQL server reached through a postgres:// URL. */
export async function openPostgres(url: string, { poolMax = 10, statementTimeoutMs = 0, connectTimeoutMs = 5_000 }: PoolSettings = {}): Promise<Db> {
  const open = () =>
    postgres(url, {
      types,
      onnotice: () => {},
      max: poolMax,
      connect_timeout: connectTimeoutMs / 1000,
      backoff: reconnectDelaySeconds,
      connection: { statement_timeout: statementTimeoutMs },
    })
  // Once the first connection has looked the array types up (the pool shares them), later connections skip the lookup:
  // the driver runs it unawaited, so a database going away during it was an unhandled rejection, and it slowed each reconnect.
  const typesOnce = async (pool: postgres.Sql) => {
    await pool`select 1`
    pool.options.fetch_types = false
  }
  let sql = open()
  // Fail at start, not on the first request, when the server is unreachable.
  await typesOnce(sql)
  const replace = () => {
    const old = sql
    sql = open()
    typesOnce(sql).catch(() => undefined)
    void old.end({ timeout: 5 }).catch(() => undefined)
  }
  replaceables.add(replace)
  return {
    ...wrap(() => sql),
    transaction: async (fn) => (await sql.begin((tx) => fn(wrap(() => tx)))) as Awaited<ReturnType<typeof fn>>,
    close: () => {
      replaceables.delete(replace)
      return sql.end({ timeout: 5 })
    },
    listen: (channel, listener) => listenOn(url, connectTimeoutMs, channel, listener),
  }
}

/**
 * LISTEN on a connection of its own (LISTEN belongs to a session, which a pool's connections are not), opened again
 * with the pool's back-off whenever it drops; `listening` is called each time LISTEN takes effect. Resolves once the
 * first LISTEN has, and rejects when it cannot (as opening the pool does when the server is unreachable).
 */
async function listenOn(url: string, connectTimeoutMs: number, channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
  let stopped = false
  let connection: postgres.Sql | undefined
  let dropped = () => {}
  // What ends when the connection does: the driver's onclose, or stop().
  const session = async (): Promise<{ lost: Promise<void> }> => {
    const lost = new Promise<void>((resolve) => {
      dropped = resolve
    })
    const own = postgres(url, {
      onnotice: () => {},
      max: 1,
      idle_timeout: 0,
      max_lifetime: null,
      fetch_types: false,
      connect_timeout: connectTimeoutMs / 1000,
      onclose: () => dropped(),
      // The driver's own option (its sql.listen uses it), missing from its types.
      ...({ onnotify: (name: string) => name === channel && listener.notified() } as object),
    })
    connection = own
    try {
      await own.unsafe(`listen "${channel.replaceAll('"', '""')}"`)
    } catch (error) {
      void own.end({ timeout: 0 }).catch(() => undefined)
      throw error
    }
    listener.listening()
    return { lost: lost.then(() => own.end({ timeout: 0 }).catch(() => undefined)) }
  }
  const keepListening = async (first: Promise<void>) => {
    await first
    for (let tries = 0; !stopped; ) {
      await sleep(reconnectDelaySeconds(tries) * 1000)
      if (stopped) return
      try {
        const { lost } = await session()
        tries = 0
        await lost
      } catch {
        tries++
      }
    }
  }
  const running = keepListening((await session()).lost)
  return async () => {
    stopped = true
    dropped()
    await connection?.end({ timeout: 0 }).catch(() => undefined)
    await running
  }
}

function wrap(current: () => Sql): Queryable {
  return {
    async query<T>(text: string, params: readonly unknown[] = []) {
      const rows = await current().unsafe(text, params as postgres.ParameterOrJSON<never>[])
      return rows as unknown as T[]
    },
    async exec(text: string) {
      await current().unsafe(text).simple()
    },
  }
}
