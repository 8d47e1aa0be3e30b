import * as v from 'valibot'
import { PROFILE_FIELDS, type ProfileField } from '../src/domain/profileForm.ts'

/** Why saving was refused: the server's message (or the device's), the input it belongs to, and the refused edit's id. */
export interface ProfileRefusal {
  reason: string
  field: string | null
  /** The queued edit the server refused; null when the refusal came straight back (an email change). */
  editId: string | null
}

/** What the profile screen tells the edit: dotted, present tense. */
export type ProfileEditEvent =
  | { type: 'profile.field.set'; field: ProfileField; value: string }
  | { type: 'profile.save' }
  | { type: 'profile.cancel' }
  /** The outbox sent the queued edit and the server made it. */
  | { type: 'profile.sent'; editId: string }
  /** The outbox's answer for the queued edit was a refusal. */
  | ({ type: 'profile.refused' } & ProfileRefusal)

const RefusalSchema = v.object({ reason: v.string(), field: v.nullable(v.string()), editId: v.nullable(v.string()) })

/** What each event carries besides its type, checked before a tester (the machine lab) sends it. */
export const profileEditEventSchemas = {
  'profile.field.set': v.object({ field: v.picklist(PROFILE_FIELDS), value: v.string() }),
  'profile.save': v.object({}),
  'profile.cancel': v.object({}),
  'profile.sent': v.object({ editId: v.string() }),
  'profile.refused': RefusalSchema,
} satisfies Record<ProfileEditEvent['type'], v.GenericSchema>

const ValuesSchema = v.object({ first_name: v.string(), last_name: v.string(), email: v.string(), mobile: v.string(), phone: v.string() })

/** How the edit starts: the account as shown, and a refused draft to reopen (after a reload) when there is one. */
export const ProfileEditInputSchema = v.object({
  current: ValuesSchema,
  draft: v.optional(v.nullable(ValuesSchema)),
  refusal: v.optional(v.nullable(RefusalSchema)),
})
export type ProfileEditInput = v.InferOutput<typeof ProfileEditInputSchema>
