import type { User } from '../domain/account.ts'
import type { CartState } from '../domain/cartState.ts'
import { accountFamily, type AccountEdits } from '../domain/facts/accountFacts.ts'
import { authFamily } from '../domain/facts/authFacts.ts'
import { cartFamily } from '../domain/facts/cartFacts.ts'
import type { FactDefinitions, FactFamily } from '../domain/facts/family.ts'
import { chosenLanguage } from '../domain/events.ts'
import type { Language } from '../domain/languageCodes.ts'
import type { Order } from '../domain/order.ts'
import { orderFamily, type LocalOrder } from '../domain/facts/orderFacts.ts'
import { paymentFamily, type LocalCheckout } from '../domain/facts/paymentFacts.ts'
import type { Product } from '../domain/product.ts'
import { currentDb, type ProjectionRow, storeForReading, type StoreDb } from './db.ts'
import { readFact } from './readFact.ts'

// Named reads for useLiveQuery; each uses the opened store (waiting for it at boot) unless one is given.

/**
 * A family's read model as stored; its initial state until the first fact, or while its version is rebuilt. Not an
 * async function: a live query stops observing after it awaits a native promise, so this hands back Dexie's own.
 */
function readModel<D extends FactDefinitions, S, F, T extends string>(family: FactFamily<D, S, F, T>, given?: StoreDb): Promise<S> {
  const { projection } = family
  if (projection === 'log only') throw new Error(`The ${family.stream} facts have no read model.`)
  const read = (store: StoreDb) =>
    store
      .table<ProjectionRow<S>, string>(projection.table)
      .get(projection.name)
      .then((row) => (row && row.version === projection.version ? row.state : projection.initial()))
  const store = given ?? currentDb()
  return store ? read(store) : storeForReading().then(read)
}

/** The cart projection as stored; empty until the first cart fact (or while its version is rebuilt). */
export function readCart(given?: StoreDb): Promise<CartState> {
  return readModel(cartFamily, given)
}

/** Number of lines in the stored cart, for the header badge. */
export async function readCartLineCount(given?: StoreDb): Promise<number> {
  return (await readCart(given)).order_lines.length
}

/** The cached catalogue in the server's order. */
export async function readCatalogue(given?: StoreDb): Promise<Product[]> {
  const store = given ?? currentDb() ?? (await storeForReading())
  const rows = await store.catalogue.orderBy('position').toArray()
  return rows.map(({ position: _position, ...product }) => product)
}

/** When the cached catalogue was fetched (ISO time), or null when nothing is cached. */
export async function readCatalogueFetchedAt(given?: StoreDb): Promise<string | null> {
  const store = given ?? currentDb() ?? (await storeForReading())
  return (await store.catalogueMeta.get('catalogue'))?.fetchedAt ?? null
}

/** The customer this device last knew to be signed in, or null. */
export async function readKnownCustomer(given?: StoreDb): Promise<User | null> {
  return (await readModel(authFamily, given)).customer
}

/** The orders placed on this device by `customerId`, newest first. */
export async function readLocalOrders(customerId: number, given?: StoreDb): Promise<LocalOrder[]> {
  return (await readModel(orderFamily, given)).orders.filter((o) => o.customerId === customerId)
}

/** The server's orders as last fetched for `customerId`, newest first. */
export async function readCachedOrders(customerId: number, given?: StoreDb): Promise<Order[]> {
  const store = given ?? currentDb() ?? (await storeForReading())
  const rows = await store.orderCache.where('customerId').equals(customerId).sortBy('position')
  return rows.map((r) => r.order)
}

/** When the customer's cached server orders were last fetched (ISO time), or null when none are cached. */
export async function readOrdersFetchedAt(customerId: number, given?: StoreDb): Promise<string | null> {
  const store = given ?? currentDb() ?? (await storeForReading())
  const rows = await store.orderCache.where('customerId').equals(customerId).toArray()
  return rows.reduce<string | null>((latest, row) => (row.fetchedAt && (!latest || row.fetchedAt > latest) ? row.fetchedAt : latest), null)
}

/** A card checkout `customerId` created on this device, or null (another device, another customer, or never). */
export async function readCheckout(customerId: number, checkoutId: string, given?: StoreDb): Promise<LocalCheckout | null> {
  const found = (await readModel(paymentFamily, given)).checkouts[checkoutId]
  return found && found.customerId === customerId ? found : null
}

/** The language last chosen on this device (the latest v1.LanguageChosen), or null when none was. */
export async function readChosenLanguage(given?: StoreDb): Promise<Language | null> {
  const store = given ?? currentDb() ?? (await storeForReading())
  // The log's type index holds each kind of fact in log order, so the latest choice is one step away at any log length.
  const row = await store.events.where('type').equals('v1.LanguageChosen').last()
  return row ? chosenLanguage(readFact(row)) : null
}

/** The customer's answers to the install offer on this device: when they last said "Not now", and whether they put the hint away. */
export async function readInstallAnswers(given?: StoreDb): Promise<{ declinedAt: string | null; hintDismissed: boolean }> {
  const store = given ?? currentDb() ?? (await storeForReading())
  const [declined, dismissed] = await Promise.all([
    store.events.where('type').equals('v1.InstallOfferDeclined').last(),
    store.events.where('type').equals('v1.InstallHintDismissed').last(),
  ])
  const fact = declined && readFact(declined)
  return { declinedAt: fact ? fact.occurredAt : null, hintDismissed: dismissed !== undefined && readFact(dismissed) !== null }
}

/** The account edits made on this device that wait for the server or were refused by it. */
export function readAccountEdits(given?: StoreDb): Promise<AccountEdits> {
  return readModel(accountFamily, given)
}
