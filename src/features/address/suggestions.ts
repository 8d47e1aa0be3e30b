import type { Gps } from '../../domain/account.ts'
import type { AddressField } from '../../domain/accountForm.ts'

/** What picking a suggestion fills in: some address fields, and the place's position when known. */
export interface AddressFill {
  fields: Partial<Record<AddressField, string>>
  gps: Gps | null
}

export interface AddressSuggestion {
  id: string
  /** The main text, e.g. "Stellenbosch". */
  label: string
  /** The secondary text, e.g. "Western Cape". */
  detail: string
}

/** The port: the address form asks for suggestions and, once one is picked, for what it fills. */
export interface AddressSuggestions {
  suggest(query: string): Promise<AddressSuggestion[]>
  pick(suggestion: AddressSuggestion): Promise<AddressFill>
}

let chosen: Promise<AddressSuggestions> | undefined

/** Google Places when a browser key is configured; otherwise the offline town list (the default). */
export function addressSuggestions(): Promise<AddressSuggestions> {
  const key = import.meta.env.VITE_GOOGLE_MAPS_KEY as string | undefined
  chosen ??= key
    ? import('./googlePlaces.ts').then((m) => m.googlePlaces(key))
    : import('./townSuggestions.ts').then((m) => m.townSuggestions())
  return chosen
}
