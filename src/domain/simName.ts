import * as v from 'valibot'
import { storableText } from './storable.ts'

/**
 * The name a customer gives a SIM ("Home Wi-Fi"): the rule the rename dialog, the machine and the server share.
 * Messages are the English texts customers see; the UI translates them by text (src/lib/validationMessages.ts).
 */

/** At most this many characters as a person counts them (an emoji is one), after trimming. */
export const SIM_NAME_MAX = 40

export const simNameMessages = {
  required: 'Enter a name for the SIM.',
  tooLong: 'The SIM name can be at most 40 characters.',
  unsavable: 'SIM name contains characters that cannot be saved.',
  /** The phone refused to store the new name (storage full or unavailable). */
  notSaved: 'The name could not be saved on this phone. Please try again.',
} as const

/** 1 to 40 characters once trimmed; the first rule broken is the one message shown. */
export const SimNameSchema = v.config(
  v.pipe(
    v.string(simNameMessages.required),
    v.trim(),
    v.nonEmpty(simNameMessages.required),
    v.maxGraphemes(SIM_NAME_MAX, simNameMessages.tooLong),
    storableText(simNameMessages.unsavable),
  ),
  { abortPipeEarly: true },
)

/** How many characters a name counts as, the way the rule counts them (for the dialog's counter). */
export function simNameLength(name: string): number {
  return [...new Intl.Segmenter().segment(name.trim())].length
}

/** The first message the name breaks, or null when it is a good name. */
export function simNameProblem(name: string): string | null {
  const result = v.safeParse(SimNameSchema, name)
  return result.success ? null : result.issues[0].message
}

/** POST /v8/partner/services/id/{id}/name: the rename's id (its Idempotency-Key) and the new name. */
export const RenameSimRequestSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  name: SimNameSchema,
})
export type RenameSimRequest = v.InferOutput<typeof RenameSimRequestSchema>
