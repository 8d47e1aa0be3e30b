import * as v from 'valibot'
import { fetchConversations } from '../../api/conversations.ts'
import { CustomerConversationSchema, type CustomerConversation } from '../../domain/conversations.ts'
import { currentDb, storeForReading, type StoreDb } from '../../store/db.ts'
import { savePortalAnswer, portalKey } from '../../store/portalCache.ts'
import { readPortal, type Cached } from '../../store/portalQueries.ts'

// The device's copy of the customer's conversations: read and renewed by the support page (and after an answer the
// outbox sent), never part of what every page starts.

/** The customer's support conversations as last fetched (newest first), or null. */
export async function readCachedConversations(customerId: number, given?: StoreDb): Promise<Cached<CustomerConversation[]> | null> {
  const store = given ?? currentDb() ?? (await storeForReading())
  return readPortal(store, portalKey(customerId, 'conversations'), v.array(CustomerConversationSchema))
}

/** Keeps the conversations as the server has them now, so the answer shows as sent (offline later too). */
export async function refreshConversations(customerId: number): Promise<void> {
  const { body, fetchedAt } = await fetchConversations()
  await savePortalAnswer(customerId, { kind: 'conversations', body }, fetchedAt)
}
