import { editOf } from './accountEdits.ts'
import type { AccountFact, FactStamp } from './events.ts'
import { type AccountEdit, editTarget } from './profile.ts'

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

export const ACCOUNT_PROJECTION_VERSION = 1

export const noAccountEdits = (): AccountEdits => ({ pending: [], refused: [] })

const sameTarget = (a: PendingEdit, b: PendingEdit) => a.customerId === b.customerId && editTarget(a.edit) === editTarget(b.edit)

/** The device forgets a deleted customer's edits, waiting or refused. */
export const withoutCustomerEdits = (state: AccountEdits, customerId: number): AccountEdits => ({
  pending: state.pending.filter((p) => p.customerId !== customerId),
  refused: state.refused.filter((r) => r.customerId !== customerId),
})

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
