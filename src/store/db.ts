import { Dexie, type DexieOptions, type EntityTable, type Table } from 'dexie'
import { type Fact, factFamilies } from '../domain/events.ts'
import { storeOpened } from '../lib/device.ts'
import { DB_NAME, type StorageFailureReason, type StorageMode } from '../domain/storage.ts'
import type { CatalogueMetaRow, CatalogueRow, EventRow, OrderCacheRow, OutboxRow, PortalCacheRow, ProjectionRow } from './rows.ts'

export type { CatalogueMetaRow, CatalogueRow, EventRow, OrderCacheRow, OutboxRow, OutboxStatus, PortalCacheRow, ProjectionRow } from './rows.ts'

export { DB_NAME }

/** What erasing a customer does to a table: folds their deletion (a projection), drops their facts, renews, drops their rows, or nothing. */
export type TableErasure = 'projection' | 'their facts' | 'renewed' | 'their rows' | 'holds no customer data'

/** A table of the device's database: its Dexie indexes and the database version that first declared it, never changed once released. */
export interface TableDeclaration {
  since: number
  indexes: string
  erasure: TableErasure
}

/** The tables that are not a fact family's projection: the log, the snapshots, caches of the server and the outbox. */
const deviceTables = {
  events: { since: 1, indexes: '++seq, &id, type, stream, occurredAt', erasure: 'their facts' },
  snapshots: { since: 1, indexes: 'name', erasure: 'renewed' },
  catalogue: { since: 1, indexes: 'id, position', erasure: 'holds no customer data' },
  catalogueMeta: { since: 1, indexes: 'key', erasure: 'holds no customer data' },
  outbox: { since: 1, indexes: '&id, status, createdAt', erasure: 'their rows' },
  orderCache: { since: 3, indexes: 'key, customerId', erasure: 'their rows' },
  portalCache: { since: 5, indexes: 'key, customerId', erasure: 'their rows' },
} satisfies Record<string, TableDeclaration>

/** Every table of the device's database by name: the device's own and one per fact family with a projection. */
export const storeTables: Readonly<Record<string, TableDeclaration>> = {
  ...deviceTables,
  ...Object.fromEntries(
    factFamilies.flatMap(({ projection }) =>
      projection === 'log only' ? [] : [[projection.table, { since: projection.since, indexes: 'name', erasure: 'projection' } satisfies TableDeclaration]],
    ),
  ),
}

/** The tables each database version adds, oldest first: what Dexie upgrades a device's database through. */
export function storeVersions(tables: Readonly<Record<string, TableDeclaration>> = storeTables): [number, Record<string, string>][] {
  const versions = new Map<number, Record<string, string>>()
  for (const [name, { since, indexes }] of Object.entries(tables)) versions.set(since, { ...versions.get(since), [name]: indexes })
  return [...versions].sort(([a], [b]) => a - b)
}

type FamilyProjection = Exclude<(typeof factFamilies)[number]['projection'], 'log only'>
/** One property per family projection's table, typed by its state, as Dexie adds them. */
type ProjectionTables = { [P in FamilyProjection as P['table']]: EntityTable<ProjectionRow<ReturnType<P['initial']>>, 'name'> }

// Dexie adds a property per declared table: the class declares the device's own, this interface the families'.
export interface StoreDb extends ProjectionTables {}

/** The device's database: the event log is the truth, every other table is derived or a cache. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: Dexie sets the families' tables, typed by the interface above.
export class StoreDb extends Dexie {
  /** The append-only event log; seq orders it, id (the fact id) is unique. */
  events!: Table<EventRow, number, Fact>
  /** The latest snapshot per projection, so a cold start folds only the tail of the log. */
  snapshots!: EntityTable<ProjectionRow, 'name'>
  /** Catalogue read model: a cache of the server's products, not facts. */
  catalogue!: EntityTable<CatalogueRow, 'id'>
  /** When the catalogue cache was fetched; one row keyed 'catalogue'. */
  catalogueMeta!: EntityTable<CatalogueMetaRow, 'key'>
  /** Writes queued for the server until it answers them: orders, logouts, account edits, SIM renames, support messages, error reports (src/app/outboxKinds.ts). */
  outbox!: EntityTable<OutboxRow, 'id'>
  /** A cache of the server's orders per customer, fed by fetched responses; not facts. */
  orderCache!: EntityTable<OrderCacheRow, 'key'>
  /** A cache of the server's portal answers (services, one service, bill cycles) per customer; not facts. */
  portalCache!: EntityTable<PortalCacheRow, 'key'>

  constructor(name: string = DB_NAME, options?: DexieOptions) {
    super(name, options)
    for (const [version, stores] of storeVersions()) this.version(version).stores(stores)
  }
}

export interface StorageStatus {
  mode: StorageMode
  /** Why storage fell back to memory; null while persistent. */
  reason: StorageFailureReason | null
  /** The browser's own words, for logs. */
  detail: string | null
}

export interface OpenStore {
  db: StoreDb
  status: StorageStatus
}

export interface OpenStoreOptions {
  name?: string
  /** Stand-in IndexedDB factory for tests; null means none is available. */
  indexedDB?: IDBFactory | null
}

let opening: Promise<OpenStore> | undefined
let opened: OpenStore | undefined

/** Opens the one database, falling back to memory when the browser refuses IndexedDB. */
export function openStore(options: OpenStoreOptions = {}): Promise<OpenStore> {
  opening ??= openWithFallback(options).then((store) => {
    opened = store
    // What waited for the device to be in use (a new device's boot work, in this tab and the others) starts now.
    storeOpened()
    return store
  })
  return opening
}

/** The opened database, or undefined before openStore() resolves. */
export function currentDb(): StoreDb | undefined {
  return opened?.db
}

/** The database for a reader: at once when open (no foreign await inside liveQuery), else once opened. */
export async function storeForReading(): Promise<StoreDb> {
  // Dexie asks that other promises awaited inside a live query be wrapped in Promise.resolve().
  return opened?.db ?? (await Promise.resolve(openStore())).db
}

/** How the device keeps its data, for the UI's storage message. */
export function storageStatus(): StorageStatus {
  return opened?.status ?? { mode: 'persistent', reason: null, detail: null }
}

/** Closes and forgets the singleton; tests use it to start from a fresh database. */
export async function closeStore(options: { delete?: boolean } = {}): Promise<void> {
  const current = await opening?.catch(() => undefined)
  opening = undefined
  opened = undefined
  if (!current) return
  if (options.delete) await current.db.delete()
  else current.db.close()
}

async function openWithFallback(options: OpenStoreOptions): Promise<OpenStore> {
  const name = options.name ?? DB_NAME
  const factory = options.indexedDB === undefined ? globalThis.indexedDB : options.indexedDB
  if (!factory || typeof globalThis.IDBKeyRange === 'undefined') {
    return openInMemory(name, 'IndexedDB is not available in this browser.')
  }
  const persistent = new StoreDb(name, { indexedDB: factory, IDBKeyRange: globalThis.IDBKeyRange })
  try {
    await persistent.open()
    return { db: persistent, status: { mode: 'persistent', reason: null, detail: null } }
  } catch (error) {
    persistent.close()
    return openInMemory(name, describe(error))
  }
}

async function openInMemory(name: string, detail: string): Promise<OpenStore> {
  // Lazy so the in-memory engine only ships to browsers that need it.
  const { IDBFactory, IDBKeyRange } = await import('fake-indexeddb')
  const factory = new IDBFactory()
  // liveQuery stays silent while Dexie's global dependencies lack an IndexedDB.
  Dexie.dependencies.indexedDB ??= factory
  Dexie.dependencies.IDBKeyRange ??= IDBKeyRange
  const memory = new StoreDb(name, { indexedDB: factory, IDBKeyRange })
  await memory.open()
  return { db: memory, status: { mode: 'memory', reason: 'unavailable', detail } }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}
