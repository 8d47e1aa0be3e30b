import type { User } from '../../domain/account.ts'
import { makeFact, type Fact } from '../../domain/events.ts'
import { commit, commitAll } from '../../store/commit.ts'
import { commitWithOutbox } from '../../store/outbox.ts'
import type { OutboxRow } from '../../store/rows.ts'
import { openStore } from '../../store/db.ts'
import { readCart, readKnownCustomer } from '../../store/queries.ts'
import { stampNow } from '../../lib/ids.ts'

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

/** Records the signed-in customer when it differs from the known one; true when it wrote a fact. */
export function rememberCustomer(user: User): Promise<boolean> {
  return inTurn(async () => {
    if (JSON.stringify(await recallCustomer()) === JSON.stringify(user)) return false
    await commit(makeFact('v1.CustomerSignedIn', { user }, stampNow()))
    return true
  })
}

/** Records that nobody is signed in; nothing when the device already knows no customer. */
export function forgetCustomer(): Promise<boolean> {
  return inTurn(async () => {
    if ((await recallCustomer()) === null) return false
    await commit(makeFact('v1.CustomerSignedOut', {}, stampNow()))
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
