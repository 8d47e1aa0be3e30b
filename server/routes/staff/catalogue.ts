import { Hono } from 'hono'
import type { Context } from 'hono'
import * as v from 'valibot'
import { BundleIdSchema } from '../../../src/domain/bundle.ts'
import { CATALOGUE_FILE_VERSION } from '../../../src/domain/catalogueFile.ts'
import type { CatalogueBundle, CatalogueFile, CataloguePackage } from '../../../src/domain/catalogueFile.ts'
import { formatRand } from '../../../src/domain/money.ts'
import { catalogueRefusalText } from '../../../src/domain/staffCatalogue.ts'
import type { CatalogueRefusal, StaffBundle, StaffPackage } from '../../../src/domain/staffCatalogue.ts'
import {
  BundleCreateSchema,
  BundleEditSchema,
  PackageEditSchema,
  StaffBundleReplySchema,
  StaffCatalogueReplySchema,
  StaffPackageReplySchema,
} from '../../../src/domain/staffCatalogueSchemas.ts'
import { catalogueChanged } from '../../catalogue/catalogueChanged.ts'
import { isOrdered, orderedPackages, retireBundle, retirePackage, saveBundle, savePackage } from '../../catalogue/catalogueEntries.ts'
import { catalogueChanges } from '../../catalogue/catalogueChanges.ts'
import type { FieldChange } from '../../catalogue/catalogueChanges.ts'
import { catalogueEntries } from '../../catalogue/exportCatalogue.ts'
import type { Listed } from '../../catalogue/exportCatalogue.ts'
import type { Db, Queryable } from '../../db/types.ts'
import { idParam } from '../../http/idParam.ts'
import { readJson } from '../../http/jsonBody.ts'
import { answer, refusal } from '../../http/openApi.ts'
import type { ProxyTrust } from '../../http/requestInfo.ts'
import { allow } from '../../staff/allow.ts'
import type { StaffEnv } from '../../staff/allow.ts'
import { audit, countStaffAction, staffActor } from '../../staff/audit.ts'
import { describeStaff } from '../../staff/describeStaff.ts'

/** A refused change: its status and code (the staff app says it in the member's language), the English as `error`. */
type Refused = { refused: { status: 404 | 409; code: CatalogueRefusal } }
const refuse = (status: 404 | 409, code: CatalogueRefusal): Refused => ({ refused: { status, code } })
const answerRefusal = (c: Context, action: string, { refused }: Refused) => {
  countStaffAction(action, 'refused')
  return c.json({ error: catalogueRefusalText[refused.code], code: refused.code }, refused.status)
}

const notFound = refusal(catalogueRefusalText.not_found)
const retired = refusal(catalogueRefusalText.retired)

const described = {
  list: describeStaff({
    summary: 'Every package and bundle, retired ones too, with every translation (null: missing) and whether orders name a package',
    access: 'editCatalogue',
    responses: { 200: answer('The catalogue', StaffCatalogueReplySchema) },
  }),
  createPackage: describeStaff({
    summary: 'Add a package (the server gives it its id); published to every instance at commit',
    access: 'editCatalogue',
    body: PackageEditSchema,
    responses: { 201: answer('The package added', StaffPackageReplySchema) },
  }),
  updatePackage: describeStaff({
    summary: 'Change a package: its texts, price, billing (not once orders name it), picture, order on the page, whether it is on sale',
    access: 'editCatalogue',
    body: PackageEditSchema,
    responses: {
      200: answer('The package as it now is', StaffPackageReplySchema),
      404: notFound,
      409: refusal(`${catalogueRefusalText.retired} Or: ${catalogueRefusalText.billing_in_use}`),
    },
  }),
  retirePackage: describeStaff({
    summary: 'Retire a package: off sale for good, still read by the orders and SIMs that name it',
    access: 'editCatalogue',
    responses: { 200: answer('The package, retired', StaffPackageReplySchema), 404: notFound },
  }),
  createBundle: describeStaff({
    summary: 'Add a bundle under an id of its own; published to every instance at commit',
    access: 'editCatalogue',
    body: BundleCreateSchema,
    responses: { 201: answer('The bundle added', StaffBundleReplySchema), 409: refusal(catalogueRefusalText.bundle_id_taken) },
  }),
  updateBundle: describeStaff({
    summary: 'Change a bundle: its names, billing, kind, amount, price, validity, order on the page, whether it is on sale',
    access: 'editCatalogue',
    body: BundleEditSchema,
    responses: { 200: answer('The bundle as it now is', StaffBundleReplySchema), 404: notFound, 409: retired },
  }),
  retireBundle: describeStaff({
    summary: 'Retire a bundle: off sale for good; its purchases keep what they bought',
    access: 'editCatalogue',
    responses: { 200: answer('The bundle, retired', StaffBundleReplySchema), 404: notFound },
  }),
}

async function listCatalogue(db: Queryable): Promise<{ packages: StaffPackage[]; bundles: StaffBundle[] }> {
  const [entries, ordered] = await Promise.all([catalogueEntries(db, { withRetired: true }), orderedPackages(db)])
  return { packages: entries.packages.map((p) => ({ ...p, ordered: ordered.has(p.id) })), bundles: entries.bundles }
}

async function staffPackage(db: Queryable, id: number): Promise<StaffPackage | undefined> {
  const listed = (await catalogueEntries(db, { withRetired: true })).packages.find((p) => p.id === id)
  return listed && { ...listed, ordered: await isOrdered(db, id) }
}

const staffBundle = async (db: Queryable, id: string): Promise<StaffBundle | undefined> =>
  (await catalogueEntries(db, { withRetired: true })).bundles.find((b) => b.id === id)

/** The package under `id` with its row locked to the end of the transaction (a change waits for another); none without. */
async function lockedPackage(tx: Queryable, id: number | undefined): Promise<StaffPackage | undefined> {
  if (id === undefined) return undefined
  const [row] = await tx.query('select id from products where id = $1 for update', [id])
  return row ? staffPackage(tx, id) : undefined
}

/** The bundle under `id` with its row locked to the end of the transaction; none without. */
async function lockedBundle(tx: Queryable, id: string | undefined): Promise<StaffBundle | undefined> {
  if (id === undefined) return undefined
  const [row] = await tx.query('select id from bundles where id = $1 for update', [id])
  return row ? staffBundle(tx, id) : undefined
}

/** The entry as the catalogue file has it (without what only the back office lists). */
function fileEntry<T extends object>(listed: Listed<T> & { ordered?: boolean }): T {
  const { retiredAt: _retired, ordered: _ordered, ...entry } = listed
  return entry as unknown as T
}

/** What changed in one entry, field by field, as the import's dry run words it (a translation's text, or all of it). */
function fieldsChanged(kind: 'package', from: CataloguePackage, to: CataloguePackage): FieldChange[]
function fieldsChanged(kind: 'bundle', from: CatalogueBundle, to: CatalogueBundle): FieldChange[]
function fieldsChanged(kind: 'package' | 'bundle', from: CataloguePackage | CatalogueBundle, to: CataloguePackage | CatalogueBundle): FieldChange[] {
  const file = (entry: CataloguePackage | CatalogueBundle): CatalogueFile =>
    kind === 'package'
      ? { version: CATALOGUE_FILE_VERSION, packages: [entry as CataloguePackage], bundles: [] }
      : { version: CATALOGUE_FILE_VERSION, packages: [], bundles: [entry as CatalogueBundle] }
  return catalogueChanges(file(from), file(to)).changed[0]?.fields ?? []
}

/** A value as the audit log's reader reads it: a price in rand, a missing translation as missing. */
const said = (field: string, value: unknown) =>
  value === null || value === undefined ? 'missing' : field === 'price' && typeof value === 'number' ? formatRand(value, 'en') : JSON.stringify(value)

/** The audit row's summary of a change: the entry's English name and each field as old → new (e.g. "price R299 → R279"). */
const changeSummary = (name: string, fields: FieldChange[]) => ({
  name,
  changes: fields.map(({ field, from, to }) => `${field} ${said(field, from)} → ${said(field, to)}`),
})

/**
 * The back office's catalogue (permission editCatalogue): packages and bundles listed with every translation, added,
 * changed and retired, each checked with the catalogue file's schemas and written by the import's own write path
 * (server/catalogue/catalogueEntries.ts). Each change is one transaction with its audit row and catalogueChanged(), so
 * every instance serves it within seconds. Ids never change and nothing is deleted: a placed order, a SIM or a bundle
 * purchase always finds what it names; a package's billing stays once orders name it.
 */
export function catalogueStaffRoutes(db: Db, settings: ProxyTrust) {
  return new Hono<StaffEnv>()
    .get('/catalogue', allow('editCatalogue'), described.list, async (c) => c.json(await listCatalogue(db)))
    .post('/catalogue/packages', allow('editCatalogue'), described.createPackage, async (c) => {
      const read = readJson(c, PackageEditSchema)
      if ('refused' in read) return read.refused
      const made = await db.transaction(async (tx) => {
        // Two packages added at once (or an import beside it) would both read the same largest id, and the second
        // save would overwrite the first: writers of products wait for each other from here to commit (reads do not).
        await tx.query('lock table products in share row exclusive mode')
        const [next] = await tx.query<{ id: number }>('select coalesce(max(id), 0) + 1 as id from products')
        const entry: CataloguePackage = { id: Number(next?.id ?? 1), ...read.body }
        await savePackage(tx, entry)
        await audit(tx, staffActor(c, settings), {
          action: 'catalogue.package.create',
          targetType: 'product',
          targetId: entry.id,
          summary: { name: entry.texts.en.name, price: formatRand(entry.price, 'en'), billing: entry.billing, on_sale: entry.on_sale },
        })
        await catalogueChanged(tx)
        return staffPackage(tx, entry.id)
      })
      countStaffAction('catalogue.package.create', 'done')
      return c.json({ package: made }, 201)
    })
    .patch('/catalogue/packages/:id', allow('editCatalogue'), described.updatePackage, async (c) => {
      const read = readJson(c, PackageEditSchema)
      if ('refused' in read) return read.refused
      const id = idParam(c.req.param('id'))
      const outcome = await db.transaction(async (tx): Promise<Refused | { package: StaffPackage | undefined; changed: boolean }> => {
        const current = await lockedPackage(tx, id)
        if (!current || id === undefined) return refuse(404, 'not_found')
        if (current.retiredAt !== null) return refuse(409, 'retired')
        const entry: CataloguePackage = { id, ...read.body }
        const fields = fieldsChanged('package', fileEntry<CataloguePackage>(current), entry)
        if (fields.length === 0) return { package: current, changed: false }
        if (current.ordered && entry.billing !== current.billing) return refuse(409, 'billing_in_use')
        await savePackage(tx, entry)
        await audit(tx, staffActor(c, settings), {
          action: 'catalogue.package.update',
          targetType: 'product',
          targetId: id,
          summary: changeSummary(current.texts.en.name, fields),
        })
        await catalogueChanged(tx)
        return { package: await staffPackage(tx, id), changed: true }
      })
      if ('refused' in outcome) return answerRefusal(c, 'catalogue.package.update', outcome)
      if (outcome.changed) countStaffAction('catalogue.package.update', 'done')
      return c.json({ package: outcome.package })
    })
    .post('/catalogue/packages/:id/retire', allow('editCatalogue'), described.retirePackage, async (c) => {
      const id = idParam(c.req.param('id'))
      const outcome = await db.transaction(async (tx): Promise<Refused | { package: StaffPackage | undefined; changed: boolean }> => {
        const current = await lockedPackage(tx, id)
        if (!current || id === undefined) return refuse(404, 'not_found')
        // Retiring twice changes nothing more.
        if (current.retiredAt !== null) return { package: current, changed: false }
        await retirePackage(tx, id)
        await audit(tx, staffActor(c, settings), {
          action: 'catalogue.package.retire',
          targetType: 'product',
          targetId: id,
          summary: { name: current.texts.en.name, was_on_sale: current.on_sale },
        })
        await catalogueChanged(tx)
        return { package: await staffPackage(tx, id), changed: true }
      })
      if ('refused' in outcome) return answerRefusal(c, 'catalogue.package.retire', outcome)
      if (outcome.changed) countStaffAction('catalogue.package.retire', 'done')
      return c.json({ package: outcome.package })
    })
    .post('/catalogue/bundles', allow('editCatalogue'), described.createBundle, async (c) => {
      const read = readJson(c, BundleCreateSchema)
      if ('refused' in read) return read.refused
      const entry = read.body
      const outcome = await db.transaction(async (tx): Promise<Refused | { bundle: StaffBundle | undefined; changed: boolean }> => {
        // Retired bundles keep their id: their purchases name it.
        const [taken] = await tx.query('select id from bundles where id = $1', [entry.id])
        if (taken) return refuse(409, 'bundle_id_taken')
        await saveBundle(tx, entry)
        await audit(tx, staffActor(c, settings), {
          action: 'catalogue.bundle.create',
          targetType: 'bundle',
          targetId: entry.id,
          summary: { name: entry.names.en, price: formatRand(entry.price, 'en'), billing: entry.billing, on_sale: entry.on_sale },
        })
        await catalogueChanged(tx)
        return { bundle: await staffBundle(tx, entry.id), changed: true }
      })
      if ('refused' in outcome) return answerRefusal(c, 'catalogue.bundle.create', outcome)
      countStaffAction('catalogue.bundle.create', 'done')
      return c.json({ bundle: outcome.bundle }, 201)
    })
    .patch('/catalogue/bundles/:id', allow('editCatalogue'), described.updateBundle, async (c) => {
      const read = readJson(c, BundleEditSchema)
      if ('refused' in read) return read.refused
      const id = bundleParam(c.req.param('id'))
      const outcome = await db.transaction(async (tx): Promise<Refused | { bundle: StaffBundle | undefined; changed: boolean }> => {
        const current = await lockedBundle(tx, id)
        if (!current || id === undefined) return refuse(404, 'not_found')
        if (current.retiredAt !== null) return refuse(409, 'retired')
        const entry: CatalogueBundle = { id, ...read.body }
        const fields = fieldsChanged('bundle', fileEntry<CatalogueBundle>(current), entry)
        if (fields.length === 0) return { bundle: current, changed: false }
        await saveBundle(tx, entry)
        await audit(tx, staffActor(c, settings), {
          action: 'catalogue.bundle.update',
          targetType: 'bundle',
          targetId: id,
          summary: changeSummary(current.names.en, fields),
        })
        await catalogueChanged(tx)
        return { bundle: await staffBundle(tx, id), changed: true }
      })
      if ('refused' in outcome) return answerRefusal(c, 'catalogue.bundle.update', outcome)
      if (outcome.changed) countStaffAction('catalogue.bundle.update', 'done')
      return c.json({ bundle: outcome.bundle })
    })
    .post('/catalogue/bundles/:id/retire', allow('editCatalogue'), described.retireBundle, async (c) => {
      const id = bundleParam(c.req.param('id'))
      const outcome = await db.transaction(async (tx): Promise<Refused | { bundle: StaffBundle | undefined; changed: boolean }> => {
        const current = await lockedBundle(tx, id)
        if (!current || id === undefined) return refuse(404, 'not_found')
        if (current.retiredAt !== null) return { bundle: current, changed: false }
        await retireBundle(tx, id)
        await audit(tx, staffActor(c, settings), {
          action: 'catalogue.bundle.retire',
          targetType: 'bundle',
          targetId: id,
          summary: { name: current.names.en, was_on_sale: current.on_sale },
        })
        await catalogueChanged(tx)
        return { bundle: await staffBundle(tx, id), changed: true }
      })
      if ('refused' in outcome) return answerRefusal(c, 'catalogue.bundle.retire', outcome)
      if (outcome.changed) countStaffAction('catalogue.bundle.retire', 'done')
      return c.json({ bundle: outcome.bundle })
    })
}

/** A bundle id from the path, or undefined when it could not be one. */
const bundleParam = (param: string): string | undefined => {
  const parsed = v.safeParse(BundleIdSchema, param)
  return parsed.success ? parsed.output : undefined
}
