import * as v from 'valibot'
import { noBidiControls, storableText } from './storable.ts'

/**
 * The name a customer gives a SIM ("Home Wi-Fi"): the rule the rename dialog, the machine and the server share.
 * Messages are the English texts customers see; the UI translates them by text (src/lib/validationMessages.ts).
 */

/** At most this many characters as a person counts them (an emoji is one), after trimming. */
export const SIM_NAME_MAX = 40

/** And at most this many UTF-16 code units, so 40 emoji each built of ten code points cannot make a 400-unit name. */
export const SIM_NAME_MAX_UNITS = 100

export const simNameMessages = {
  required: 'Enter a name for the SIM.',
  tooLong: 'The SIM name can be at most 40 characters.',
  tooLongUnits: 'The SIM name is too long: use fewer emoji or symbols.',
  direction: 'The SIM name cannot contain text direction control characters.',
  unsavable: 'SIM name contains characters that cannot be saved.',
  /** The phone refused to store the new name (storage full or unavailable). */
  notSaved: 'The name could not be saved on this phone. Please try again.',
} as const

/** 1 to 40 characters (graphemes, as Intl.Segmenter counts them) and 100 code units once trimmed, no direction controls; the first rule broken is the one message shown. */
export const SimNameSchema = v.config(
  v.pipe(
    v.string(simNameMessages.required),
    v.trim(),
    v.nonEmpty(simNameMessages.required),
    v.maxGraphemes(SIM_NAME_MAX, simNameMessages.tooLong),
    v.maxLength(SIM_NAME_MAX_UNITS, simNameMessages.tooLongUnits),
    noBidiControls(simNameMessages.direction),
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
