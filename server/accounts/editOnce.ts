import { serverMessages } from '../../src/domain/serverMessages.ts'
import type { Db, Queryable } from '../db/types.ts'
import { claimKey, saveAnswer, type StoredAnswer } from '../orders/idempotency.ts'
import { loadUser } from './customers.ts'
import type { EditRefusal } from './addressEdits.ts'

/** One keyed edit: whose, its Idempotency-Key (lower case) and the requestHash of what was asked. */
export interface KeyedEdit {
  customerId: number
  key: string
  hash: string
}

/** What to answer, and whether it repeats the stored answer of an earlier request with the same key. */
export interface EditOutcome {
  replayed: boolean
  answer: StoredAnswer
}

/**
 * Makes an edit of the customer's account at most once per key, as orders are placed: the key, the change and the
 * answer (the customer as stored after it, or the refusal) commit together, and any retry gets that answer again.
 * Edits of one customer take turns on their customer row, so two tabs' edits never interleave.
 */
export function editOnce(db: Db, keyed: KeyedEdit, edit: (tx: Queryable) => Promise<EditRefusal>): Promise<EditOutcome> {
  return db.transaction(async (tx) => {
    const claim = await claimKey(tx, keyed.customerId, keyed.key, keyed.hash)
    if (!claim.claimed) {
      if (claim.requestHash === keyed.hash) return { replayed: true, answer: claim.answer }
      return { replayed: false, answer: { status: 422, body: { error: serverMessages.editKeyReused } } }
    }
    await tx.query('select id from customers where id = $1 for update', [keyed.customerId])
    const refused = await edit(tx)
    const answer: StoredAnswer = refused
      ? { status: refused.status, body: { error: refused.error } }
      : { status: 200, body: { user: await loadUser(tx, keyed.customerId) } }
    return { replayed: false, answer: await saveAnswer(tx, keyed.customerId, keyed.key, answer) }
  })
}
