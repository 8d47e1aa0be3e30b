import { config } from '../../config.ts'
import type { AddressSuggestions } from './addressPort.ts'

let chosen: Promise<AddressSuggestions> | undefined

/** Google Places when the deployment has a browser key (GOOGLE_MAPS_KEY); otherwise the offline town list (the default). */
export function addressSuggestions(): Promise<AddressSuggestions> {
  const key = config.googleMapsKey
  chosen ??= key ? import('./googlePlaces.ts').then((m) => m.googlePlaces(key)) : import('./townSuggestions.ts').then((m) => m.townSuggestions())
  return chosen
}
