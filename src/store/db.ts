import { Dexie, type DexieOptions, type EntityTable, type Table } from 'dexie'
import type { AccountEdits } from '../domain/accountProjection.ts'
import type { CartState } from '../domain/cart.ts'
import type { KnownCustomer } from '../domain/customerProjection.ts'
import type { Fact } from '../domain/events.ts'
import type { LocalOrders } from '../domain/orderProjection.ts'
import type { LocalPayments } from '../domain/paymentProjection.ts'
import type { SimNames } from '../domain/simNameProjection.ts'
import { storeOpened } from '../lib/device.ts'
import { DB_NAME, type StorageFailureReason, type StorageMode } from '../domain/storage.ts'
import type { CatalogueMetaRow, CatalogueRow, EventRow, OrderCacheRow, OutboxRow, PortalCacheRow, ProjectionRow } from './rows.ts'

export type { CatalogueMetaRow, CatalogueRow, EventRow, OrderCacheRow, OutboxRow, OutboxStatus, PortalCacheRow, ProjectionRow } from './rows.ts'

export { DB_NAME }

/** The device's database: the event log is the truth, every other table is derived or a cache. */
export class StoreDb extends Dexie {
  /** The append-only event log; seq orders it, id (the fact id) is unique. */
  events!: Table<EventRow, number, Fact>
  /** The latest snapshot per projection, so a cold start folds only the tail of the log. */
  snapshots!: EntityTable<ProjectionRow, 'name'>
  /** The cart projection: one row, written in the same transaction as each cart fact. */
  cart!: EntityTable<ProjectionRow<CartState>, 'name'>
  /** The known customer projection: one row, so a reload offline still shows who is signed in. */
  customer!: EntityTable<ProjectionRow<KnownCustomer>, 'name'>
  /** Catalogue read model: a cache of the server's products, not facts. */
  catalogue!: EntityTable<CatalogueRow, 'id'>
  /** When the catalogue cache was fetched; one row keyed 'catalogue'. */
  catalogueMeta!: EntityTable<CatalogueMetaRow, 'key'>
  /** Writes queued for the server until it answers them: orders, logouts, account edits, SIM renames, support messages, error reports (src/app/outboxKinds.ts). */
  outbox!: EntityTable<OutboxRow, 'id'>
  /** The orders placed on this device (projection of the order facts): one row. */
  orders!: EntityTable<ProjectionRow<LocalOrders>, 'name'>
  /** A cache of the server's orders per customer, fed by fetched responses; not facts. */
  orderCache!: EntityTable<OrderCacheRow, 'key'>
  /** Card checkouts made on this device and the provider's answers (projection of the payment facts): one row. */
  payments!: EntityTable<ProjectionRow<LocalPayments>, 'name'>
  /** A cache of the server's portal answers (services, one service, bill cycles) per customer; not facts. */
  portalCache!: EntityTable<PortalCacheRow, 'key'>
  /** The customer's account edits waiting for the server or refused by it (projection of the account facts): one row. */
  account!: EntityTable<ProjectionRow<AccountEdits>, 'name'>
  /** The SIM names given on this device and the server's answers (projection of the service facts): one row. */
  simNames!: EntityTable<ProjectionRow<SimNames>, 'name'>

  constructor(name: string = DB_NAME, options?: DexieOptions) {
    super(name, options)
    this.version(1).stores({
      events: '++seq, &id, type, stream, occurredAt',
      snapshots: 'name',
      cart: 'name',
      catalogue: 'id, position',
      catalogueMeta: 'key',
      outbox: '&id, status, createdAt',
    })
    this.version(2).stores({ customer: 'name' })
    this.version(3).stores({ orders: 'name', orderCache: 'key, customerId' })
    this.version(4).stores({ payments: 'name' })
    this.version(5).stores({ portalCache: 'key, customerId' })
    this.version(6).stores({ account: 'name' })
    this.version(7).stores({ simNames: 'name' })
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
