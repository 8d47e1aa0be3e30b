import * as v from 'valibot'
import { ADDRESS_FIELDS, PERSONAL_FIELDS, type AddressField, type PersonalField } from '../src/domain/accountForm.ts'

/** What the sign-up screen tells the wizard: dotted, present tense. */
export type SignupEvent =
  | { type: 'signup.field.set'; field: PersonalField | AddressField; value: string }
  | { type: 'signup.next' }
  | { type: 'signup.back' }
  | { type: 'signup.submit' }

/** What each event carries besides its type, checked before a tester (the machine lab) sends it. */
export const signupEventSchemas = {
  'signup.field.set': v.object({ field: v.picklist([...PERSONAL_FIELDS, ...ADDRESS_FIELDS]), value: v.string() }),
  'signup.next': v.object({}),
  'signup.back': v.object({}),
  'signup.submit': v.object({}),
} satisfies Record<SignupEvent['type'], v.GenericSchema>
