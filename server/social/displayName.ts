/** "Pieter van der Merwe" -> first "Pieter", last "van der Merwe"; one word is a first name only. */
export function splitDisplayName(displayName: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = displayName.trim().split(/\s+/).filter(Boolean)
  return { first_name: first, last_name: rest.join(' ') }
}
