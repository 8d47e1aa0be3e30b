import type { DeleteAccountInput } from '../domain/accountDeletionRequest.ts'
import { CustomerDataSchema, type CustomerData } from '../domain/customerDataFile.ts'
import { api, getJson, toApiError } from './client.ts'

/** GET /account/data: everything the server holds on the signed-in customer, checked at the edge. */
export function fetchCustomerData(): Promise<CustomerData> {
  return getJson('/account/data', CustomerDataSchema)
}

/** POST /account/delete: resolves once the server deleted the account; throws an ApiError (403 wrong password, 429, 409). */
export async function deleteAccount(body: DeleteAccountInput): Promise<void> {
  try {
    await api('/account/delete', { method: 'POST', body })
  } catch (e) {
    throw toApiError(e)
  }
}
