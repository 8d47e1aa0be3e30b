import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_CHANNEL } from '../../../server/catalogue/catalogueChanged.ts'
import { exportCatalogue } from '../../../server/catalogue/exportCatalogue.ts'
import { importCatalogue } from '../../../server/catalogue/importCatalogue.ts'
import { followCatalogue } from '../../../server/catalogue/liveCatalogue.ts'
import { commandLineActor } from '../../../server/staff/audit.ts'
import type { Db } from '../../../server/db/types.ts'
import { seed } from '../../../server/seed/seed.ts'
import { formatRand } from '../../../src/domain/money.ts'
import type { PackageEdit, StaffBundle, StaffCatalogue, StaffPackage } from '../../../src/domain/staffCatalogue.ts'
import { accountsApp, apiKey, signUp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { cartLine, orderBody, postOrder } from '../helpers/orders.ts'
import { staffRequest, staffSession } from '../helpers/staff.ts'
import type { TestStaff } from '../helpers/staff.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

let t: TestDb
let db: Db
let app: TestApp
let editor: TestStaff
/** How many catalogue_changed notices were delivered (at commit) since the file began. */
let notices = 0
let unlisten: () => Promise<void>
/** The shop's catalogue followed as an instance follows it (server.ts): read again at each notice. */
let unfollow: () => Promise<void>

beforeAll(async () => {
  t = await openTestDb()
  db = t.db
  await seed(db)
  app = accountsApp(db)
  editor = await staffSession(db, 'catalogue')
  unlisten = await db.listen(CATALOGUE_CHANNEL, { notified: () => void notices++, listening: () => undefined })
  unfollow = await followCatalogue(db, captureLog().log)
}, startupTimeout)
afterAll(async () => {
  await unfollow?.()
  await unlisten?.()
  await t.drop()
})

const send = async (method: string, path: string, body?: unknown, as: TestStaff = editor) => {
  const res = await staffRequest(app, as, method, path, body ?? (method === 'GET' ? undefined : {}))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: string; code?: string; issues?: { path: string }[] } }
}

const catalogue = async () => (await send('GET', '/catalogue')).body as unknown as StaffCatalogue

/** The audit rows of one action on one target, oldest first. */
const auditOf = (action: string, targetId: string | number) =>
  db.query<{ actor: string; summary: Record<string, unknown>; target_type: string }>(
    'select actor, summary, target_type from audit_log where action = $1 and target_id = $2 order by id',
    [action, String(targetId)],
  )

/** What the shop serves a customer (GET /api/v2/bootstrap): each package on sale by id. */
async function shopPackages(): Promise<Map<number, { unit_price: number; image: string; texts?: { xh?: { speed: string } } }>> {
  const res = await app.request('/api/v2/bootstrap', { headers: { Key: apiKey } })
  const { products } = (await res.json()) as { products: { id: number; unit_price: number; image: string; texts?: { xh?: { speed: string } } }[] }
  return new Map(products.map((p) => [p.id, p]))
}

const editOf = ({ id: _id, retiredAt: _r, ordered: _o, ...entry }: StaffPackage): PackageEdit => entry

const newPackage = (): PackageEdit => ({
  texts: { en: { name: 'Fibre 50', plan: 'Uncapped', speed: '50 Mbps' }, xh: null, af: { name: 'Vesel 50', plan: 'Onbeperk', speed: '50 Mbps' } },
  price: 499,
  billing: 'monthly',
  image: '/images/products/fibre.jpg',
  position: 40,
  on_sale: true,
  network_plan: null,
})

describe('the catalogue in the back office', () => {
  it('lists every package and bundle with every translation, a missing one as null, and whether orders name a package', async () => {
    const listed = await catalogue()
    const file = await exportCatalogue(db)
    expect(listed.packages.map((p) => p.id)).toEqual(file.packages.map((p) => p.id))
    expect(listed.bundles.map((b) => b.id)).toEqual(file.bundles.map((b) => b.id))
    for (const p of listed.packages) {
      expect(p.retiredAt).toBeNull()
      expect(typeof p.ordered).toBe('boolean')
      expect(p.texts).toHaveProperty('xh')
      expect(p.texts).toHaveProperty('af')
    }
  })

  it('refuses what the catalogue file refuses, naming the field, and changes nothing', async () => {
    const before = await exportCatalogue(db)
    const heard = notices
    const refusals: [string, string, unknown, string][] = [
      ['POST', '/catalogue/packages', { ...newPackage(), price: 12.345 }, 'price'],
      ['POST', '/catalogue/packages', { ...newPackage(), price: -1 }, 'price'],
      ['POST', '/catalogue/packages', { ...newPackage(), billing: 'yearly' }, 'billing'],
      ['POST', '/catalogue/packages', { ...newPackage(), image: 'https://elsewhere.example/x.jpg' }, 'image'],
      ['POST', '/catalogue/packages', { ...newPackage(), texts: { en: { name: '', plan: '', speed: '' } } }, 'texts.en.name'],
      ['POST', '/catalogue/packages', { ...newPackage(), texts: { ...newPackage().texts, xh: { name: '', plan: 'x', speed: 'y' } } }, 'texts.xh.name'],
      ['POST', '/catalogue/packages', { ...newPackage(), position: 1.5 }, 'position'],
      // The id is the server's to give, and never changes.
      ['POST', '/catalogue/packages', { ...newPackage(), id: 77 }, 'id'],
      ['PATCH', '/catalogue/packages/1', { ...newPackage(), id: 2 }, 'id'],
      [
        'POST',
        '/catalogue/bundles',
        { id: 'Data 2GB', names: { en: '2 GB' }, billing: 'prepaid', kind: 'data', amount: 2e9, price: 129, validity_days: 30, position: 9, on_sale: true },
        'id',
      ],
      [
        'POST',
        '/catalogue/bundles',
        { id: 'data-2gb', names: { en: '2 GB' }, billing: 'prepaid', kind: 'data', amount: 2e9, price: 0, validity_days: 30, position: 9, on_sale: true },
        'price',
      ],
      [
        'POST',
        '/catalogue/bundles',
        { id: 'data-2gb', names: { en: '2 GB' }, billing: 'prepaid', kind: 'fax', amount: 2e9, price: 1, validity_days: 30, position: 9, on_sale: true },
        'kind',
      ],
    ]
    for (const [method, path, body, field] of refusals) {
      const answer = await send(method, path, body)
      expect(answer.status, `${method} ${path} ${field}`).toBe(400)
      expect(
        answer.body.issues?.map((issue) => issue.path),
        `${method} ${path}`,
      ).toContain(field)
    }
    expect(await exportCatalogue(db)).toEqual(before)
    expect(notices).toBe(heard)
    expect((await send('PATCH', '/catalogue/packages/999999', newPackage())).body.code).toBe('not_found')
    expect(
      (
        await send('PATCH', '/catalogue/bundles/no-such', {
          names: { en: 'x' },
          billing: 'prepaid',
          kind: 'sms',
          amount: 1,
          price: 1,
          validity_days: 1,
          position: 1,
          on_sale: true,
        })
      ).status,
    ).toBe(404)
  })

  it('adds a package under a new id, in the shop at once, with one audit row naming it and one notice to every instance', async () => {
    const heard = notices
    const largest = Math.max(...(await catalogue()).packages.map((p) => p.id))
    const made = await send('POST', '/catalogue/packages', newPackage())
    expect(made.status).toBe(201)
    const created = made.body.package as StaffPackage
    expect(created).toMatchObject({ id: largest + 1, price: 499, retiredAt: null, ordered: false, texts: { xh: null } })
    await expect.poll(() => notices).toBe(heard + 1)
    const [row, ...more] = await auditOf('catalogue.package.create', created.id)
    expect(more).toEqual([])
    expect(row).toMatchObject({ actor: editor.email, target_type: 'product', summary: { name: 'Fibre 50', price: 'R499', billing: 'monthly' } })
    expect((await exportCatalogue(db)).packages.find((p) => p.id === created.id)).toEqual({ id: created.id, ...editOf(created) })
    await expect.poll(async () => (await shopPackages()).get(created.id)?.unit_price).toBe(499)
  })

  it('adds packages sent at once each under an id of its own, none overwriting another', async () => {
    const names = ['Fibre 10', 'Fibre 20', 'Fibre 30', 'Fibre 40', 'Fibre 60']
    const made = await Promise.all(
      names.map((name) =>
        send('POST', '/catalogue/packages', { ...newPackage(), texts: { ...newPackage().texts, en: { name, plan: 'Uncapped', speed: name } } }),
      ),
    )
    expect(made.map((m) => m.status)).toEqual([201, 201, 201, 201, 201])
    const ids = made.map((m) => (m.body.package as StaffPackage).id)
    expect(new Set(ids).size).toBe(names.length)
    const listed = (await catalogue()).packages
    expect(ids.map((id) => listed.find((p) => p.id === id)?.texts.en.name)).toEqual(names)
  })

  it('changes a price and an isiXhosa speed line: the audit row says each as old → new, a placed order keeps its price, and saving it unchanged records nothing', async () => {
    const customer = await signUp(app)
    const before = (await catalogue()).packages.find((p) => p.id === 2)!
    const placed = await postOrder(app, customer.id, orderBody([cartLine(2, { unit_price: before.price })]), { cookie: customer.cookie })
    expect(placed.status).toBe(200)
    const order = (await placed.json()) as { id: number; order_lines: { unit_price: number }[] }

    const heard = notices
    const edit = editOf(before)
    const xh = edit.texts.xh ?? { name: 'Ipakethe', plan: '', speed: '' }
    const changed = { ...edit, price: before.price - 20, texts: { ...edit.texts, xh: { ...xh, speed: 'Ikhawuleza kakhulu' } } }
    const saved = await send('PATCH', '/catalogue/packages/2', changed)
    expect(saved.status).toBe(200)
    expect(saved.body.package).toMatchObject({ id: 2, price: before.price - 20, ordered: true, texts: { xh: { speed: 'Ikhawuleza kakhulu' } } })
    await expect.poll(() => notices).toBe(heard + 1)
    const [row] = await auditOf('catalogue.package.update', 2)
    const money = (rand: number) => formatRand(rand, 'en')
    expect(row?.summary).toEqual({
      name: before.texts.en.name,
      changes: expect.arrayContaining([
        `price ${money(before.price)} → ${money(before.price - 20)}`,
        before.texts.xh ? `texts.xh.speed ${JSON.stringify(before.texts.xh.speed)} → "Ikhawuleza kakhulu"` : expect.stringMatching(/^texts\.xh missing → /),
      ]),
    })
    await expect.poll(async () => (await shopPackages()).get(2)?.unit_price).toBe(before.price - 20)
    expect((await shopPackages()).get(2)?.texts?.xh?.speed).toBe('Ikhawuleza kakhulu')

    const read = await app.request(`/api/v2/partner/order/${order.id}`, { headers: { Key: apiKey, Cookie: customer.cookie } })
    expect(((await read.json()) as { order_lines: { unit_price: number }[] }).order_lines.map((l) => l.unit_price)).toEqual([before.price])

    const again = await send('PATCH', '/catalogue/packages/2', changed)
    expect(again.status).toBe(200)
    expect(await auditOf('catalogue.package.update', 2)).toHaveLength(1)
    expect(notices).toBe(heard + 1)
  })

  it('keeps the billing of a package that orders name, and says why', async () => {
    const current = (await catalogue()).packages.find((p) => p.id === 2)!
    expect(current.ordered).toBe(true)
    const refused = await send('PATCH', '/catalogue/packages/2', { ...editOf(current), billing: current.billing === 'monthly' ? 'prepaid' : 'monthly' })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('billing_in_use')
    expect((await catalogue()).packages.find((p) => p.id === 2)?.billing).toBe(current.billing)

    // The import, which shares the write path, keeps it too: the whole file is refused and nothing changes.
    const file = await exportCatalogue(db)
    const flipped = {
      ...file,
      packages: file.packages.map((p) => (p.id === 2 ? { ...p, billing: p.billing === 'monthly' ? ('prepaid' as const) : ('monthly' as const), price: 1 } : p)),
    }
    const imported = await importCatalogue(db, flipped, { actor: commandLineActor, dryRun: false, source: 'flipped.json' })
    expect(imported.refused).toEqual([expect.stringMatching(/^package 2: orders or SIMs name it/)])
    expect(await exportCatalogue(db)).toEqual(file)
  })

  it('retires a package: off the shop, its row and orders still read, no more changes; retiring again records nothing', async () => {
    const heard = notices
    const retired = await send('POST', '/catalogue/packages/2/retire')
    expect(retired.status).toBe(200)
    expect(retired.body.package).toMatchObject({ id: 2, on_sale: false, retiredAt: expect.any(String) })
    await expect.poll(() => notices).toBe(heard + 1)
    await expect.poll(async () => (await shopPackages()).has(2)).toBe(false)
    expect(await db.query('select id from products where id = 2')).toHaveLength(1)
    expect((await exportCatalogue(db)).packages.some((p) => p.id === 2)).toBe(false)
    expect((await catalogue()).packages.find((p) => p.id === 2)?.retiredAt).not.toBeNull()
    const [row] = await auditOf('catalogue.package.retire', 2)
    expect(row?.summary).toMatchObject({ name: expect.any(String) })

    const edit = await send('PATCH', '/catalogue/packages/2', editOf((await catalogue()).packages.find((p) => p.id === 2)!))
    expect(edit.status).toBe(409)
    expect(edit.body.code).toBe('retired')
    expect((await send('POST', '/catalogue/packages/2/retire')).status).toBe(200)
    expect(await auditOf('catalogue.package.retire', 2)).toHaveLength(1)
  })

  it('adds, changes and retires a bundle, each audited and published; an id once used is never given again', async () => {
    const heard = notices
    const bundle = {
      id: 'data-2gb',
      names: { en: '2 GB data', xh: null, af: '2 GB-data' },
      billing: 'prepaid',
      kind: 'data',
      amount: 2e9,
      price: 129,
      validity_days: 30,
      position: 9,
      on_sale: true,
    }
    const made = await send('POST', '/catalogue/bundles', bundle)
    expect(made.status).toBe(201)
    expect(made.body.bundle).toMatchObject({ ...bundle, retiredAt: null })
    expect((await send('POST', '/catalogue/bundles', bundle)).body.code).toBe('bundle_id_taken')
    const { id: _, ...edit } = bundle
    const changed = await send('PATCH', '/catalogue/bundles/data-2gb', { ...edit, price: 119, names: { ...edit.names, xh: 'Idatha ye-2 GB' } })
    expect(changed.status).toBe(200)
    expect((changed.body.bundle as StaffBundle).names.xh).toBe('Idatha ye-2 GB')
    const [update] = await auditOf('catalogue.bundle.update', 'data-2gb')
    expect(update?.summary).toEqual({ name: '2 GB data', changes: expect.arrayContaining(['price R129 → R119', 'names.xh missing → "Idatha ye-2 GB"']) })
    expect((await send('POST', '/catalogue/bundles/data-2gb/retire')).status).toBe(200)
    expect((await send('POST', '/catalogue/bundles', bundle)).body.code).toBe('bundle_id_taken')
    expect(await auditOf('catalogue.bundle.create', 'data-2gb')).toHaveLength(1)
    expect(await auditOf('catalogue.bundle.retire', 'data-2gb')).toHaveLength(1)
    await expect.poll(() => notices).toBe(heard + 3)
  })

  it('is the owner’s and the catalogue role’s only', async () => {
    const owner = await staffSession(db, 'owner')
    expect((await send('GET', '/catalogue', undefined, owner)).status).toBe(200)
    for (const role of ['support', 'fulfilment', 'finance'] as const) {
      const member = await staffSession(db, role)
      expect((await send('GET', '/catalogue', undefined, member)).status).toBe(403)
      expect((await send('POST', '/catalogue/packages', newPackage(), member)).status).toBe(403)
    }
    // The catalogue role edits what is sold, not who bought it.
    expect((await staffRequest(app, editor, 'GET', '/orders')).status).toBe(403)
  })
})
