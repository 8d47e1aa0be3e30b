import { MAX_FIELD_LENGTH } from '../../src/domain/storable.ts'

// Overrides and isolates reorder what a name shows; a provider's display name is no more trusted than a typed one.
const bidiControls = /[\u202A-\u202E\u2066-\u2069]/g

/** At most MAX_FIELD_LENGTH code units, cut between characters (never inside a surrogate pair). */
function bounded(text: string): string {
  let kept = ''
  for (const char of text) {
    if (kept.length + char.length > MAX_FIELD_LENGTH) break
    kept += char
  }
  return kept
}

/**
 * "Pieter van der Merwe" -> first "Pieter", last "van der Merwe"; one word is a first name only. Each part keeps to
 * the limits a typed name has (100 code units, no bidirectional controls), whatever the provider sends.
 */
export function splitDisplayName(displayName: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = displayName.replace(bidiControls, '').trim().split(/\s+/).filter(Boolean)
  return { first_name: bounded(first), last_name: bounded(rest.join(' ')).trim() }
}
