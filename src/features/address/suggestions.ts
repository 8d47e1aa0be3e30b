import type { AddressSuggestions } from './addressPort.ts'

let chosen: Promise<AddressSuggestions> | undefined

/** Google Places when a browser key is configured; otherwise the offline town list (the default). */
export function addressSuggestions(): Promise<AddressSuggestions> {
  const key = import.meta.env.VITE_GOOGLE_MAPS_KEY as string | undefined
  chosen ??= key ? import('./googlePlaces.ts').then((m) => m.googlePlaces(key)) : import('./townSuggestions.ts').then((m) => m.townSuggestions())
  return chosen
}
