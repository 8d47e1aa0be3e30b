import type { Address, User } from './account.ts'
import { applyEdit } from './accountEdits.ts'
import type { AccountEdits, RefusedEdit } from './facts/accountFacts.ts'

/** The profile as the customer sees it: the server's answer with the waiting edits on top, and what waits or was refused. */
export interface AccountView {
  user: User
  /** Ids of the edits not yet answered. */
  waiting: ReadonlySet<string>
  /** Personal details edited on this device and not yet sent. */
  profileWaiting: boolean
  /** Ids of addresses saved on this device and not yet sent. */
  addressesWaiting: ReadonlySet<string>
  /** The customer's refused edits, oldest first. */
  refused: readonly RefusedEdit[]
}

/** Overlays `user`'s own waiting edits, in the order they were made. */
export function accountView(user: User, edits: AccountEdits): AccountView {
  const mine = edits.pending.filter((p) => p.customerId === user.id)
  const addressesWaiting = new Set<string>()
  for (const { edit } of mine) if (edit.kind === 'address.save' || edit.kind === 'address.default') addressesWaiting.add(edit.address_id)
  return {
    user: mine.reduce((shown, p) => applyEdit(shown, p.edit), user),
    waiting: new Set(mine.map((p) => p.id)),
    profileWaiting: mine.some((p) => p.edit.kind === 'profile'),
    addressesWaiting,
    refused: edits.refused.filter((r) => r.customerId === user.id),
  }
}

/** An address on one line, as a list of saved addresses and the delivery choice show it. */
export function addressLine(a: Pick<Address, 'unit_number' | 'building_name' | 'street_number' | 'street_name' | 'suburb' | 'city' | 'postal_code'>): string {
  const street = [a.street_number, a.street_name].filter(Boolean).join(' ')
  return [a.unit_number, a.building_name, street, a.suburb, a.city, a.postal_code].filter(Boolean).join(', ')
}
