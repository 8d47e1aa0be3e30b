import { serverMessages } from '../../src/domain/serverMessages.ts'
import type { Db, Queryable } from '../db/types.ts'
import { answerOnce, type Keyed, type Outcome } from '../http/idempotency.ts'
import { loadUser } from './customers.ts'
import type { EditRefusal } from './addressEdits.ts'

/**
 * Makes an edit of the customer's account at most once per key, as orders are placed: the key, the change and the
 * answer (the customer as stored after it, or the refusal) commit together, and any retry gets that answer again.
 * Edits of one customer take turns on their customer row, so two tabs' edits never interleave.
 */
export function editOnce(db: Db, keyed: Keyed, edit: (tx: Queryable) => Promise<EditRefusal>): Promise<Outcome> {
  return answerOnce(db, keyed, serverMessages.editKeyReused, async (tx) => {
    await tx.query('select id from customers where id = $1 for update', [keyed.customerId])
    const refused = await edit(tx)
    return refused ? { status: refused.status, body: { error: refused.error } } : { status: 200, body: { user: await loadUser(tx, keyed.customerId) } }
  })
}
