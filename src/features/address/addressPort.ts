import type { AddressFill } from '../../domain/accountForm.ts'

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
