import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueFile } from '../../../src/domain/catalogueFile.ts'
import { bundlesFor } from '../../../server/bundles/bundleCatalogue.ts'
import { CatalogueRefused, catalogueCommand, publishedNote } from '../../../server/catalogue/catalogueCommand.ts'
import { exportCatalogue } from '../../../server/catalogue/exportCatalogue.ts'
import { importCatalogue } from '../../../server/catalogue/importCatalogue.ts'
import { listProducts } from '../../../server/catalogue/listProducts.ts'
import type { Db, Queryable } from '../../../server/db/types.ts'
import { seed } from '../../../server/seed/seed.ts'
import { commandLineActor } from '../../../server/staff/audit.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

let t: TestDb
let db: Db
let dir: string

beforeAll(async () => {
  t = await openTestDb()
  db = t.db
  await seed(db)
  dir = mkdtempSync(join(tmpdir(), 'catalogue-'))
}, startupTimeout)
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await t.drop()
})

const fileAt = (name: string) => join(dir, name)
const readBack = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as CatalogueFile
const write = (name: string, content: unknown) => {
  writeFileSync(fileAt(name), typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  return fileAt(name)
}
const imports = () =>
  db.query<{ actor: string; action: string; target_id: string; summary: unknown }>(
    "select actor, action, target_id, summary from audit_log where action = 'catalogue.import' order by id",
  )

/** The catalogue as it stands, from a fresh export. */
const current = () => exportCatalogue(db)

/** A copy of the current catalogue with `change` made to it. */
async function edited(change: (file: CatalogueFile) => void): Promise<CatalogueFile> {
  const file = structuredClone(await current())
  change(file)
  return file
}

describe('npm run catalogue', () => {
  it('exports every package and bundle, a missing translation as null, and importing that file changes nothing', async () => {
    const before = await current()
    const lines = await catalogueCommand(db, ['export', fileAt('catalogue.json')])
    expect(lines).toEqual([`Wrote 9 packages and 6 bundles to ${fileAt('catalogue.json')}.`])
    const file = readBack(fileAt('catalogue.json'))
    expect(file).toEqual(before)
    expect(file.packages[0]).toEqual({
      id: 1,
      texts: {
        en: { name: '4G Uncapped 10Mbps', plan: '4G Uncapped', speed: 'Up to 10Mbps' },
        xh: { name: '4G Uncapped 10Mbps', plan: 'I-4G engenamda', speed: 'Ukuya kuthi ga kwi-10Mbps' },
        af: { name: '4G Uncapped 10Mbps', plan: '4G Onbeperk', speed: 'Tot 10Mbps' },
      },
      price: 299,
      billing: 'monthly',
      image: '/images/products/4g-10mbps.svg',
      position: 1,
      on_sale: true,
      network_plan: null,
    })
    expect(file.bundles.map((b) => [b.id, b.billing, b.price])).toEqual([
      ['data-1gb', 'prepaid', 99],
      ['data-5gb', 'prepaid', 249],
      ['voice-60min', 'prepaid', 69],
      ['sms-100', 'prepaid', 35],
      ['data-50gb', 'monthly', 149],
      ['data-100gb', 'monthly', 249],
    ])

    expect(await catalogueCommand(db, ['import', fileAt('catalogue.json'), '--dry-run'])).toEqual([
      `The catalogue already is what ${fileAt('catalogue.json')} says: nothing to change.`,
    ])
    expect(await catalogueCommand(db, ['import', fileAt('catalogue.json')])).toEqual([
      `The catalogue already is what ${fileAt('catalogue.json')} says: nothing to change.`,
    ])
    expect(await current()).toEqual(before)
    expect(await imports()).toEqual([])
  })

  it('lists a changed price in a dry run without changing it, then changes only that price, with one audit row', async () => {
    const before = await current()
    const file = await edited((f) => {
      if (f.packages[0]) f.packages[0].price = 279
    })
    const path = write('cheaper.json', file)
    expect(await catalogueCommand(db, ['import', path, '--dry-run'])).toEqual([
      `Dry run of ${path}: it would add 0, change 1 and retire 0 (nothing was changed):`,
      '  change package 1 "4G Uncapped 10Mbps": price 299 → 279',
    ])
    expect(await current()).toEqual(before)
    expect(await imports()).toEqual([])

    expect(await catalogueCommand(db, ['import', path])).toEqual([
      `Imported ${path}: added 0, changed 1, retired 0:`,
      '  change package 1 "4G Uncapped 10Mbps": price 299 → 279',
      publishedNote,
    ])
    expect(await current()).toEqual(file)
    expect((await listProducts(db)).find((p) => p.id === 1)?.unit_price).toBe(279)
    expect(await imports()).toEqual([
      { actor: 'command line', action: 'catalogue.import', target_id: 'cheaper.json', summary: { added: 0, changed: 1, retired: 0 } },
    ])
    // Back as it was, for the tests after this one.
    await catalogueCommand(db, ['import', write('back.json', before)])
    expect(await current()).toEqual(before)
  })

  it('adds, changes words field by field, removes a translation, and retires what the file leaves out without deleting it', async () => {
    const before = await current()
    const file = await edited((f) => {
      const prepaid = f.packages.find((p) => p.id === 9)
      f.packages = f.packages.filter((p) => p.id !== 9)
      if (!prepaid) throw new Error('the seed has package 9')
      f.packages.push({ ...prepaid, id: 10, texts: { en: { name: '5G Prepaid', plan: '5G Prepaid', speed: 'Up to 50Mbps' }, xh: null }, price: 349 })
      const second = f.packages[1]
      if (second?.texts.xh) second.texts.xh.speed = 'Ukuya kwi-20Mbps'
      if (second) second.texts.af = null
      f.bundles = f.bundles.filter((b) => b.id !== 'sms-100')
      const bundle = f.bundles[0]
      if (bundle) bundle.price = 89
    })
    const lines = await catalogueCommand(db, ['import', write('new.json', file)])
    expect(lines.slice(0, -1)).toEqual([
      `Imported ${fileAt('new.json')}: added 1, changed 2, retired 2:`,
      '  add package 10 "5G Prepaid"',
      '  change package 2 "4G Uncapped 20Mbps": texts.xh.speed "Ukuya kuthi ga kwi-20Mbps" → "Ukuya kwi-20Mbps"; texts.af {"name":"4G Uncapped 20Mbps","plan":"4G Onbeperk","speed":"Tot 20Mbps"} → missing',
      '  change bundle "data-1gb" "1 GB data": price 99 → 89',
      '  retire package 9 "4G Prepaid 30-Day"',
      '  retire bundle "sms-100" "100 SMS"',
    ])
    const after = await current()
    expect(after.packages.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10])
    expect(after.packages.find((p) => p.id === 10)?.texts).toEqual({
      en: { name: '5G Prepaid', plan: '5G Prepaid', speed: 'Up to 50Mbps' },
      xh: null,
      af: null,
    })
    expect(after.packages.find((p) => p.id === 2)?.texts.af).toBeNull()
    // A retired package is no longer sold but stays for the orders and SIMs that name it.
    expect((await listProducts(db)).map((p) => p.id)).not.toContain(9)
    expect(await db.query('select name, active, retired_at is not null as retired from products where id = 9')).toEqual([
      { name: '4G Prepaid 30-Day', active: false, retired: true },
    ])
    expect((await db.query('select language from product_texts where product_id = 9 order by language')).length).toBe(2)
    expect((await bundlesFor(db, 'prepaid')).map((b) => [b.id, b.price])).toEqual([
      ['data-1gb', 89],
      ['data-5gb', 249],
      ['voice-60min', 69],
    ])
    expect((await imports()).at(-1)?.summary).toEqual({ added: 1, changed: 2, retired: 2 })

    // The file it replaced brings back what was retired.
    const back = await catalogueCommand(db, ['import', write('before.json', before)])
    expect(back).toContain('  add package 9 "4G Prepaid 30-Day"')
    expect(back).toContain('  retire package 10 "5G Prepaid"')
    expect(await current()).toEqual(before)
  })

  it('changes nothing for a file with problems, and names each with its place', async () => {
    const before = await current()
    const auditRows = (await imports()).length
    const file = structuredClone(before) as unknown as { packages: Record<string, unknown>[]; bundles: Record<string, unknown>[] }
    Object.assign(file.packages[0] ?? {}, { price: -1 })
    Object.assign(file.packages[3] ?? {}, { billing: 'weekly', image: 'logo.png' })
    Object.assign(file.bundles[1] ?? {}, { id: 'data-1gb' })
    const path = write('broken.json', file)
    const refusal = catalogueCommand(db, ['import', path])
    await expect(refusal).rejects.toBeInstanceOf(CatalogueRefused)
    await expect(refusal).rejects.toThrow(
      new RegExp(
        [
          `^${path.replaceAll('.', '\\.')} has 4 problems; nothing was changed:`,
          '  packages\\[0\\]\\.price: Invalid value: Expected >=0 but received -1',
          '  packages\\[3\\]\\.billing: Invalid type: Expected \\("prepaid" \\| "monthly"\\) but received "weekly"',
          '  packages\\[3\\]\\.image: An image is a path on the shop’s own site, starting with /\\.',
          '  bundles\\[1\\]\\.id: "data-1gb" is already the id of bundles\\[0\\]\\.$',
        ].join('\\n'),
      ),
    )
    await expect(catalogueCommand(db, ['import', write('half.json', '{"version": 1, "packages": [')])).rejects.toThrow(
      /half\.json is not JSON \(.*\); nothing was changed\./,
    )
    await expect(catalogueCommand(db, ['import', fileAt('nowhere.json')])).rejects.toThrow(/^Cannot read .*nowhere\.json: ENOENT/)
    expect(await current()).toEqual(before)
    expect(await imports()).toHaveLength(auditRows)
  })

  it('is all or nothing: a failure half-way through leaves the catalogue as it was, with no audit row', async () => {
    const before = await current()
    const auditRows = (await imports()).length
    const file = await edited((f) => {
      if (f.packages[0]) f.packages[0].price = 1
      f.bundles.pop()
    })
    // The database fails on the last statement before the audit row: retiring the bundle.
    const failing: Db = {
      query: <T>(sql: string, params?: readonly unknown[]) => db.query<T>(sql, params),
      exec: (sql) => db.exec(sql),
      close: () => db.close(),
      listen: (channel, listener) => db.listen(channel, listener),
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            query: <T>(sql: string, params?: readonly unknown[]): Promise<T[]> =>
              sql.startsWith('update bundles set active = false') ? Promise.reject(new Error('the disk is full')) : tx.query<T>(sql, params),
            exec: (sql) => tx.exec(sql),
          } satisfies Queryable),
        ),
    }
    await expect(importCatalogue(failing, file, { actor: commandLineActor, dryRun: false, source: 'x.json' })).rejects.toThrow('the disk is full')
    expect(await current()).toEqual(before)
    expect(await imports()).toHaveLength(auditRows)
  })

  it('says how to use it when the arguments are wrong', async () => {
    await expect(catalogueCommand(db, [])).rejects.toThrow(/^Say export or import, and one file\.\nusage: npm run catalogue -- export <file>/)
    await expect(catalogueCommand(db, ['export', fileAt('x.json'), '--dry-run'])).rejects.toThrow(/--dry-run is for import\.\nusage/)
    await expect(catalogueCommand(db, ['import', fileAt('x.json'), '--force'])).rejects.toThrow(/Unknown option '--force'[\s\S]*usage/)
    await expect(catalogueCommand(db, ['delete', fileAt('x.json')])).rejects.toThrow(/usage/)
  })
})
