import type { Dated } from './answeredAt.ts'
import { getDatedJson } from './client.ts'
import { CustomerConversationsSchema, type CustomerConversation } from '../domain/conversations.ts'

/** GET /support/messages: the signed-in customer's conversations, with when the server made the answer. */
export async function fetchConversations(): Promise<Dated<CustomerConversation[]>> {
  const { body, fetchedAt } = await getDatedJson('/support/messages', CustomerConversationsSchema)
  return { body: body.conversations, fetchedAt }
}
