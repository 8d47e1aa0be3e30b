import { deleteAccount } from '../../../api/accountData.ts'
import type { DeleteAccountInput } from '../../../domain/accountDeletionRequest.ts'
import { stampNow } from '../../../lib/ids.ts'
import { reportError } from '../../../reportError.ts'
import { eraseCustomer } from '../../../store/eraseCustomer.ts'
import type { Auth } from '../../../lib/sessionStore.ts'

/**
 * Deletes the account on the server (throws its ApiError when refused or unanswered), then this device forgets the
 * customer: the AccountDeleted fact with everything of theirs gone from the store, and then the logout's own path
 * (the auth actor signed out, the cached answers and the worker's customer cache dropped, the other tabs told).
 */
export async function deleteMyAccount(auth: Auth, customerId: number, request: DeleteAccountInput): Promise<void> {
  await deleteAccount(request)
  try {
    await eraseCustomer(customerId, stampNow())
  } catch (error) {
    // A device whose storage fails still signs out below; the server has already forgotten the customer.
    reportError(error, 'account deletion')
  }
  await auth.signOut()
}
