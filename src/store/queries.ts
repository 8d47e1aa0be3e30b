import type { User } from '../domain/account.ts'
import { ACCOUNT_PROJECTION_VERSION, noAccountEdits, type AccountEdits } from '../domain/facts/accountFacts.ts'
import { emptyCart, type CartState } from '../domain/cart.ts'
import { CUSTOMER_PROJECTION_VERSION } from '../domain/facts/authFacts.ts'
import { CART_PROJECTION_VERSION } from '../domain/facts/cartFacts.ts'
import { chosenLanguage } from '../domain/events.ts'
import type { Language } from '../domain/language.ts'
import type { Order } from '../domain/order.ts'
import { noLocalOrders, ORDERS_PROJECTION_VERSION, type LocalOrder } from '../domain/facts/orderFacts.ts'
import { noLocalPayments, PAYMENTS_PROJECTION_VERSION, type LocalCheckout } from '../domain/facts/paymentFacts.ts'
import type { Product } from '../domain/product.ts'
import { currentDb, storeForReading, type StoreDb } from './db.ts'
import { readFact } from './readFact.ts'

// Named reads for useLiveQuery; each uses the opened store (waiting for it at boot) unless one is given.

/** The cart projection as stored; empty until the first cart fact (or while its version is rebuilt). */
export async function readCart(given?: StoreDb): Promise<CartState> {
  const store = given ?? currentDb() ?? (await storeForReading())
  const row = await store.cart.get('cart')
  return row && row.version === CART_PROJECTION_VERSION ? row.state : emptyCart()
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
  const store = given ?? currentDb() ?? (await storeForReading())
  const row = await store.customer.get('customer')
  return row && row.version === CUSTOMER_PROJECTION_VERSION ? row.state.customer : null
}

/** The orders placed on this device by `customerId`, newest first. */
export async function readLocalOrders(customerId: number, given?: StoreDb): Promise<LocalOrder[]> {
  const store = given ?? currentDb() ?? (await storeForReading())
  const row = await store.orders.get('orders')
  const state = row && row.version === ORDERS_PROJECTION_VERSION ? row.state : noLocalOrders()
  return state.orders.filter((o) => o.customerId === customerId)
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
  const store = given ?? currentDb() ?? (await storeForReading())
  const row = await store.payments.get('payments')
  const state = row && row.version === PAYMENTS_PROJECTION_VERSION ? row.state : noLocalPayments()
  const found = state.checkouts[checkoutId]
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
export async function readAccountEdits(given?: StoreDb): Promise<AccountEdits> {
  const store = given ?? currentDb() ?? (await storeForReading())
  const row = await store.account.get('account')
  return row && row.version === ACCOUNT_PROJECTION_VERSION ? row.state : noAccountEdits()
}
