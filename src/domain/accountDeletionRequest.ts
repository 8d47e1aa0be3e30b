import * as v from 'valibot'
import { LoginSchema } from './account.ts'
import type { Language } from './languageCodes.ts'

/** The word a customer types to confirm deleting the account, in the language on screen. */
export const DELETE_WORDS: Readonly<Record<Language, string>> = { en: 'DELETE', xh: 'CIMA', af: 'SKRAP' }

/** What was typed, read the way the confirmation compares it: surrounding spaces and letter case do not count. */
export const normaliseConfirmation = (typed: string): string => typed.trim().toUpperCase()

/** True when the typed word is the confirmation word of that language. */
export const confirmsDeletion = (typed: string, language: Language): boolean => normaliseConfirmation(typed) === DELETE_WORDS[language]

export const confirmationRefused = 'confirmation must be the confirmation word (DELETE, CIMA or SKRAP).'

/** Body of POST /api/account/delete: the password, and the confirmation word the customer typed. */
export const DeleteAccountSchema = v.object({
  password: LoginSchema.entries.password,
  // Missing reads as blank, so it gets the same message as a wrong word.
  confirmation: v.optional(
    v.pipe(
      v.string(confirmationRefused),
      v.check((typed) => (Object.values(DELETE_WORDS) as string[]).includes(normaliseConfirmation(typed)), confirmationRefused),
    ),
    '',
  ),
})
export type DeleteAccountInput = v.InferInput<typeof DeleteAccountSchema>
