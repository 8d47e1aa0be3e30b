import type { AddressField, PersonalField } from '../src/domain/accountForm.ts'

/** What the sign-up screen tells the wizard: dotted, present tense. */
export type SignupEvent =
  | { type: 'signup.field.set'; field: PersonalField | AddressField; value: string }
  | { type: 'signup.next' }
  | { type: 'signup.back' }
  | { type: 'signup.submit' }
