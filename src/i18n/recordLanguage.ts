import { editFact } from '../domain/accountEdits.ts'
import { makeFact } from '../domain/events.ts'
import { ACCOUNT_EDIT, type AccountEdit, type AccountEditRequest } from '../domain/profile.ts'
import { stampNow } from '../lib/ids.ts'
import { commitWithOutbox, queuedRow } from '../outbox/table.ts'
import { commit, commitTables } from '../store/commit.ts'
import { openStore } from '../store/db.ts'
import { readKnownCustomer } from '../store/queries.ts'
import type { Locale } from './locales.ts'

/**
 * Records the customer's pick as a fact (v1.LanguageChosen). While a customer is signed in on this device (offline
 * too), the same write queues the account edit that tells the server, under the fact's id as its Idempotency-Key, so
 * every mail to them speaks it; the outbox sends it now or when the connection returns. Answers the outbox kind to
 * send now, or null when nobody is signed in.
 */
export async function recordLanguage(language: Locale): Promise<typeof ACCOUNT_EDIT | null> {
  const { db } = await openStore()
  const stamp = stampNow()
  const edit: AccountEdit = { kind: 'language', language }
  // Read and written in one transaction: a sign-out in another tab cannot land in between.
  return db.transaction('rw', [...commitTables(db), db.outbox], async () => {
    const customer = await readKnownCustomer(db)
    if (!customer) {
      await commit(makeFact('v1.LanguageChosen', { language }, stamp), { db })
      return null
    }
    const request: AccountEditRequest = { id: stamp.id, edit }
    await commitWithOutbox(editFact(customer.id, edit, stamp), queuedRow(stamp.id, ACCOUNT_EDIT, request, customer.id), db)
    return ACCOUNT_EDIT
  })
}
