import * as v from 'valibot'
import { AddressSchema, UserSchema } from '../account.ts'
import { type AccountEdit, AddressIdSchema, editTarget, ProfileSchema } from '../profile.ts'
import { defineFact, defineFamily, factKey, type FactOf, type FactStamp } from './family.ts'

const facts = {
  /** The customer's own edits of their account, each queued for the server under the fact id as its Idempotency-Key. */
  'v1.ProfileEdited': defineFact('account', v.object({ customerId: v.number(), profile: ProfileSchema })),
  'v1.AddressSaved': defineFact('account', v.object({ customerId: v.number(), address_id: AddressIdSchema, address: AddressSchema, is_default: v.boolean() })),
  'v1.AddressRemoved': defineFact('account', v.object({ customerId: v.number(), address_id: AddressIdSchema })),
  'v1.DefaultAddressChosen': defineFact('account', v.object({ customerId: v.number(), address_id: AddressIdSchema })),
  /** The server made the edit: the customer as it answered. */
  'v1.AccountEditAcknowledged': defineFact('account', v.object({ editId: factKey, user: UserSchema })),
  /** The server refused the edit for good; `field` names the input its message belongs to, when one does. */
  'v1.AccountEditRefused': defineFact(
    'account',
    v.object({ editId: factKey, reason: v.string(), field: v.nullable(v.string()), status: v.nullable(v.number()) }),
  ),
  /** The customer has seen a refusal and put the form away. */
  'v1.AccountRefusalDismissed': defineFact('account', v.object({ editId: factKey })),
}

export type AccountFact = FactOf<typeof facts>

/** An edit made on this device that the server has not answered yet. */
export interface PendingEdit {
  /** The fact id, also the Idempotency-Key. */
  id: string
  customerId: number
  edit: AccountEdit
}

/** An edit the server refused, kept with what was typed until the customer edits again or puts it away. */
export interface RefusedEdit extends PendingEdit {
  reason: string
  /** The form input the reason belongs to, when it names one. */
  field: string | null
}

/** The account edits of this device's customers: waiting ones overlay the profile, refused ones reopen their form. */
export interface AccountEdits {
  pending: PendingEdit[]
  refused: RefusedEdit[]
}

export const noAccountEdits = (): AccountEdits => ({ pending: [], refused: [] })

const sameTarget = (a: PendingEdit, b: PendingEdit) => a.customerId === b.customerId && editTarget(a.edit) === editTarget(b.edit)

/** The device forgets a deleted customer's edits, waiting or refused. */
export const withoutCustomerEdits = (state: AccountEdits, customerId: number): AccountEdits => ({
  pending: state.pending.filter((p) => p.customerId !== customerId),
  refused: state.refused.filter((r) => r.customerId !== customerId),
})

/** The edit an edit fact records, and whose it is; null for the answers and the dismissals. */
export function editOf(fact: AccountFact): { customerId: number; edit: AccountEdit } | null {
  switch (fact.type) {
    case 'v1.ProfileEdited':
      return { customerId: fact.payload.customerId, edit: { kind: 'profile', profile: fact.payload.profile } }
    case 'v1.AddressSaved': {
      const { customerId, ...saved } = fact.payload
      return { customerId, edit: { kind: 'address.save', ...saved } }
    }
    case 'v1.AddressRemoved':
      return { customerId: fact.payload.customerId, edit: { kind: 'address.remove', address_id: fact.payload.address_id } }
    case 'v1.DefaultAddressChosen':
      return { customerId: fact.payload.customerId, edit: { kind: 'address.default', address_id: fact.payload.address_id } }
    default:
      return null
  }
}

/** Pure fold of one account fact. */
export function applyAccountFact(state: AccountEdits, fact: AccountFact & FactStamp): AccountEdits {
  switch (fact.type) {
    case 'v1.AccountEditAcknowledged':
      return { ...state, pending: state.pending.filter((p) => p.id !== fact.payload.editId) }
    case 'v1.AccountEditRefused': {
      const { editId, reason, field } = fact.payload
      const edit = state.pending.find((p) => p.id === editId)
      if (!edit) return state
      return { pending: state.pending.filter((p) => p !== edit), refused: [...state.refused.filter((r) => !sameTarget(r, edit)), { ...edit, reason, field }] }
    }
    case 'v1.AccountRefusalDismissed':
      return { ...state, refused: state.refused.filter((r) => r.id !== fact.payload.editId) }
    default: {
      const made = editOf(fact)
      if (!made) return state
      const pending = { id: fact.id, ...made }
      // Typing it again is the answer to an earlier refusal of the same thing.
      return { pending: [...state.pending, pending], refused: state.refused.filter((r) => !sameTarget(r, pending)) }
    }
  }
}

/** An edit is the customer's; an answer or a dismissal is theirs when the edit it names is. */
const edit = { customer: (fact: { payload: { customerId: number } }) => fact.payload.customerId, opens: (fact: FactStamp) => fact.id }
const answer = { answers: (fact: { payload: { editId: string } }) => fact.payload.editId }

export const accountFamily = defineFamily({
  stream: 'account',
  facts,
  erasure: {
    'v1.ProfileEdited': edit,
    'v1.AddressSaved': edit,
    'v1.AddressRemoved': edit,
    'v1.DefaultAddressChosen': edit,
    'v1.AccountEditAcknowledged': { customer: (fact) => fact.payload.user.id, answers: (fact) => fact.payload.editId },
    'v1.AccountEditRefused': answer,
    'v1.AccountRefusalDismissed': answer,
  },
  projection: {
    name: 'account',
    version: 1,
    table: 'account',
    since: 6,
    initial: noAccountEdits,
    streams: ['account'],
    apply: applyAccountFact,
    forget: withoutCustomerEdits,
  },
})
