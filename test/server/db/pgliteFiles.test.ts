import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../server/db/migrate.ts'
import { openPglite } from '../../../server/db/pglite.ts'
import { startupTimeout } from '../helpers/testDb.ts'

describe('the embedded database on disk', () => {
  const root = mkdtempSync(join(tmpdir(), 'storefront-pglite-'))
  const dataDir = join(root, 'pglite')
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it(
    'keeps its data and its migrations across a restart',
    async () => {
      const first = await openPglite(dataDir)
      await migrate(first)
      await first.query("insert into products (id, name, plan, unit_price, speed, image) values (1, 'Kept', '4G Uncapped', 299, 'Up to 10Mbps', '/x.svg')")
      await first.close()

      const second = await openPglite(dataDir)
      try {
        expect(await migrate(second)).toEqual([])
        expect(await second.query('select name from products')).toEqual([{ name: 'Kept' }])
      } finally {
        await second.close()
      }
    },
    startupTimeout * 2,
  )

  it('refuses to open a data directory another running process is using', async () => {
    writeFileSync(`${dataDir}.lock`, String(process.ppid))
    await expect(openPglite(dataDir)).rejects.toThrow(/in use by process/)
  })

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a lock whose process id now belongs to a different process',
    async () => {
      const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8')
      const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
      writeFileSync(`${dataDir}.lock`, `${process.ppid} ${started}`)
      await expect(openPglite(dataDir)).rejects.toThrow(/in use by process/)
      // The same pid, alive, but started at another time than the lock recorded: the pid was reused.
      writeFileSync(`${dataDir}.lock`, `${process.ppid} 1${started}`)
      const db = await openPglite(dataDir)
      await db.close()
    },
    startupTimeout,
  )

  it(
    'takes over the data directory of a process that crashed',
    async () => {
      writeFileSync(`${dataDir}.lock`, '999999999')
      const db = await openPglite(dataDir)
      await db.close()
    },
    startupTimeout,
  )
})
