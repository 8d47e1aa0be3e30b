import type { SavedAddress, User } from './account.ts'
import { type Fact, type FactStamp, makeFact } from './events.ts'
import type { AccountEdit } from './profile.ts'

/** The fact that records `edit` of `customerId`'s account; its id is the edit's Idempotency-Key. */
export function editFact(customerId: number, edit: AccountEdit, stamp: FactStamp): Fact {
  switch (edit.kind) {
    case 'profile':
      return makeFact('v1.ProfileEdited', { customerId, profile: edit.profile }, stamp)
    case 'address.save':
      return makeFact('v1.AddressSaved', { customerId, address_id: edit.address_id, address: edit.address, is_default: edit.is_default }, stamp)
    case 'address.remove':
      return makeFact('v1.AddressRemoved', { customerId, address_id: edit.address_id }, stamp)
    case 'address.default':
      return makeFact('v1.DefaultAddressChosen', { customerId, address_id: edit.address_id }, stamp)
    case 'language':
      // The device's own choice, which the page shows at once; the account follows it once the server has it.
      return makeFact('v1.LanguageChosen', { language: edit.language }, stamp)
  }
}

const onlyDefault = (addresses: SavedAddress[], id: string | undefined): SavedAddress[] => addresses.map((a) => ({ ...a, is_default: a.id === id }))

/** The customer as the server will have them once `edit` is made: the same rules, so a waiting edit shows as it will be. */
export function applyEdit(user: User, edit: AccountEdit): User {
  const { addresses } = user
  switch (edit.kind) {
    case 'profile':
      return { ...user, ...edit.profile }
    case 'address.save': {
      const known = addresses.some((a) => a.id === edit.address_id)
      const saved = { ...edit.address, id: edit.address_id, is_default: addresses.length === 0 }
      const next = known ? addresses.map((a) => (a.id === edit.address_id ? { ...saved, is_default: a.is_default } : a)) : [...addresses, saved]
      return { ...user, addresses: edit.is_default ? onlyDefault(next, edit.address_id) : next }
    }
    case 'address.remove': {
      const removed = addresses.find((a) => a.id === edit.address_id)
      // The server keeps the last address; so does the view.
      if (!removed || addresses.length <= 1) return user
      const rest = addresses.filter((a) => a !== removed)
      return { ...user, addresses: removed.is_default ? onlyDefault(rest, rest[0]?.id) : rest }
    }
    case 'address.default':
      return addresses.some((a) => a.id === edit.address_id) ? { ...user, addresses: onlyDefault(addresses, edit.address_id) } : user
    case 'language':
      // The profile shows no language: the header's selector is where it is chosen and shown.
      return user
  }
}
