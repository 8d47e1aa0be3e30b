import type { User } from '../../../domain/account.ts'
import { openAuthChannel } from './authBroadcast.ts'

/**
 * The server answered with the customer as they are now (an edit was made): every tab's auth actor, this one's too,
 * hears it on the auth channel, so the header and the forms follow. The device already holds it (the answer's fact).
 */
export function announceCustomer(user: User): void {
  const channel = openAuthChannel(() => {})
  channel.post({ type: 'signedIn', user })
  // Closing at once could drop the message before it is delivered.
  setTimeout(() => channel.close(), 1000)
}
