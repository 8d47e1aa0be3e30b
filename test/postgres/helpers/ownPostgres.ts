import { execFile } from 'node:child_process'
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The newest installed PostgreSQL's programs (Debian puts each major version in /usr/lib/postgresql/<n>/bin), as .ci/postgres.sh finds them. */
export function postgresBin(): string {
  const versions = (() => {
    try {
      return readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name))
    } catch {
      return []
    }
  })()
  const newest = versions.map(Number).sort((a, b) => b - a)[0]
  if (newest === undefined) throw new Error('PostgreSQL is not installed: run \'apt-get install -y postgresql\' (or eval "$(bash .ci/postgres.sh start)" once)')
  return `/usr/lib/postgresql/${newest}/bin`
}

const isRoot = process.getuid?.() === 0

/** initdb and postgres refuse to run as root, so root runs them as the package's postgres user. */
export function asOwner(program: string, args: string[]) {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args]
  return run(file, argv, { maxBuffer: 64 * 1024 * 1024 })
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:port/<database>, trusted (no password). */
  url(database?: string): string
  bin: string
  port: number
  /** A fast shutdown, as `systemctl restart postgresql` does: sessions are terminated, their transactions rolled back. */
  stop(): Promise<void>
  /** Resolves once the server accepts connections (pg_ctl -w). */
  start(): Promise<void>
  /** Stops the server and deletes its files. */
  remove(): Promise<void>
}

/** A PostgreSQL server of the test's own, on a free port and a temporary directory, that the test may stop and start. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'storefront-pg-'))
  if (isRoot) chownSync(dir, ...(await ownerIds()))
  const data = join(dir, 'data')
  const port = await freePort()
  await asOwner(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'])
  // fsync off: the data is thrown away after the test, speed matters more than durability here.
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
  const start = async () => {
    await asOwner(`${bin}/pg_ctl`, ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start'])
  }
  const stop = async () => {
    await asOwner(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'])
  }
  await start()
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    bin,
    port,
    start,
    stop,
    async remove() {
      await stop().catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function ownerIds(): Promise<[number, number]> {
  const { stdout } = await run('id', ['-u', 'postgres'])
  const { stdout: group } = await run('id', ['-g', 'postgres'])
  return [Number(stdout.trim()), Number(group.trim())]
}
