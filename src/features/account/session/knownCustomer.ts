import type { User } from '../../../domain/account.ts'
import { makeFact, type Fact } from '../../../domain/events.ts'
import { commit, commitAll, commitTables } from '../../../store/commit.ts'
import { commitWithOutbox } from '../../../outbox/table.ts'
import type { OutboxRow } from '../../../store/rows.ts'
import { openStore, type StoreDb } from '../../../store/db.ts'
import { readCart, readKnownCustomer } from '../../../store/queries.ts'
import { stampNow } from '../../../lib/ids.ts'

// One write at a time, so a sign-in followed at once by a sign-out lands in that order.
let queue: Promise<unknown> = Promise.resolve()
const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
  const next = queue.then(task, task)
  queue = next.catch(() => undefined)
  return next
}

/** Resolves once every sign-in or sign-out write asked for so far is in the log (a page may move on after it). */
export const customerWritten = (): Promise<unknown> => queue

/** The customer the device last knew, or null (also when the store cannot be read). */
export async function recallCustomer(): Promise<User | null> {
  await openStore()
  return readKnownCustomer().catch(() => null)
}

/** Where the device's log stands: taken before the server is asked for the session, it dates the answer. */
export async function logPosition(): Promise<number> {
  const { db } = await openStore()
  return ((await db.events.orderBy('seq').lastKey()) as number | undefined) ?? 0
}

/** Whether an edit of `customerId` was answered (its copy of the customer stored with it) after the log stood at `position`. */
async function editAnsweredSince(store: StoreDb, customerId: number, position: number): Promise<boolean> {
  const since = await store.events.where('seq').above(position).toArray()
  return since.some((f) => f.type === 'v1.AccountEditAcknowledged' && (f.payload as { user: User }).user.id === customerId)
}

/**
 * The session's answer, or the device's copy when an edit of that customer was answered since the session was asked
 * for (`askedAt`, a log position): the server may have answered the session before it made the edit.
 */
export async function fresherCustomer(user: User, askedAt: number): Promise<User> {
  const { db } = await openStore()
  if (!(await editAnsweredSince(db, user.id, askedAt))) return user
  const known = await readKnownCustomer(db).catch(() => null)
  return known?.id === user.id ? known : user
}

/**
 * The device's copy of the customer another tab announced: that tab stored its copy before telling, and a later
 * answer may have been stored since, so a message that arrives late does not bring back an older copy.
 */
export async function storedCopy(user: User): Promise<User> {
  const known = await recallCustomer().catch(() => null)
  return known?.id === user.id ? known : user
}

/** The fact that makes `user` the customer the device knows; null when it knows exactly them already. */
export const signedInFact = (known: User | null, user: User): Fact | null =>
  JSON.stringify(known) === JSON.stringify(user) ? null : makeFact('v1.CustomerSignedIn', { user }, stampNow())

/** The fact that makes the device know no customer; null when it knows none already. */
export const signedOutFact = (known: User | null): Fact | null => (known === null ? null : makeFact('v1.CustomerSignedOut', {}, stampNow()))

/**
 * Records the signed-in customer when it differs from the known one; true when it wrote a fact. A session answer
 * asked for before an edit's answer was stored (`askedAt`) may be older than that answer, and is not recorded over it.
 */
export function rememberCustomer(user: User, askedAt?: number): Promise<boolean> {
  return inTurn(async () => {
    const { db } = await openStore()
    // Checked and written in one transaction: an edit's answer stored by another tab cannot land in between.
    return db.transaction('rw', commitTables(db), async () => {
      if (askedAt !== undefined && (await editAnsweredSince(db, user.id, askedAt))) return false
      const fact = signedInFact(await readKnownCustomer(db).catch(() => null), user)
      if (fact === null) return false
      await commit(fact, { db })
      return true
    })
  })
}

/** Records that nobody is signed in; nothing when the device already knows no customer. */
export function forgetCustomer(): Promise<boolean> {
  return inTurn(async () => {
    const fact = signedOutFact(await recallCustomer())
    if (fact === null) return false
    await commit(fact)
    return true
  })
}

/**
 * The whole logout on the device in one transaction: the sign-out fact (when a customer is known), the emptied cart
 * (when it holds lines) and the queued request to end the server session (when there is one to name). A tab closed
 * at any moment leaves all of it or none of it.
 */
export function recordSignOut(logout: OutboxRow | null): Promise<void> {
  return inTurn(async () => {
    const facts: Fact[] = []
    if ((await recallCustomer()) !== null) facts.push(makeFact('v1.CustomerSignedOut', {}, stampNow()))
    if ((await readCart()).order_lines.length > 0) facts.push(makeFact('v1.CartCleared', {}, stampNow()))
    if (logout) await commitWithOutbox(facts, logout)
    else if (facts.length > 0) await commitAll(facts)
  })
}
