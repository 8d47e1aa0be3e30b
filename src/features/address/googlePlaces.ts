import { fieldsFromComponents, type PlaceComponent } from './placesMapping.ts'
import type { AddressSuggestions } from './addressPort.ts'

// The few parts of the Maps JS "places" library (Places API, new) this adapter uses.
interface PlacePrediction {
  placeId: string
  mainText: { text: string } | null
  secondaryText: { text: string } | null
  toPlace(): {
    fetchFields(request: { fields: string[] }): Promise<unknown>
    addressComponents?: PlaceComponent[]
    location?: { lat(): number; lng(): number } | null
  }
}
interface PlacesLibrary {
  AutocompleteSessionToken: new () => object
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(request: {
      input: string
      includedRegionCodes: string[]
      sessionToken: object
    }): Promise<{ suggestions: { placePrediction: PlacePrediction | null }[] }>
  }
}
type MapsGlobal = { maps: { importLibrary(name: 'places'): Promise<PlacesLibrary> } }

/** Loads the Maps JS bootstrap once, only when a key is configured. */
function loadMaps(key: string): Promise<MapsGlobal> {
  const w = window as unknown as { google?: MapsGlobal; __storefrontMapsReady?: () => void }
  if (w.google?.maps) return Promise.resolve(w.google)
  return new Promise((resolve, reject) => {
    w.__storefrontMapsReady = () => (w.google ? resolve(w.google) : reject(new Error('Maps did not load')))
    const script = document.createElement('script')
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&v=weekly&loading=async&callback=__storefrontMapsReady`
    script.async = true
    script.onerror = () => reject(new Error('Unable to load script'))
    document.head.append(script)
  })
}

/** Google Places adapter: South African address suggestions and the picked place's components. */
export async function googlePlaces(key: string): Promise<AddressSuggestions> {
  const places = await (await loadMaps(key)).maps.importLibrary('places')
  // One session token per typing session keeps billing per pick, as Google asks.
  let token = new places.AutocompleteSessionToken()
  const predictions = new Map<string, PlacePrediction>()
  return {
    suggest: async (input) => {
      if (input.trim().length < 3) return []
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({ input, includedRegionCodes: ['za'], sessionToken: token })
      return suggestions.flatMap(({ placePrediction: p }) => {
        if (!p) return []
        predictions.set(p.placeId, p)
        return [{ id: p.placeId, label: p.mainText?.text ?? '', detail: p.secondaryText?.text ?? '' }]
      })
    },
    pick: async ({ id }) => {
      const prediction = predictions.get(id)
      if (!prediction) return { fields: {}, gps: null }
      const place = prediction.toPlace()
      await place.fetchFields({ fields: ['addressComponents', 'location'] })
      token = new places.AutocompleteSessionToken()
      const { country: _country, ...fields } = fieldsFromComponents(place.addressComponents ?? [])
      const location = place.location
      return { fields, gps: location ? { latitude: location.lat(), longitude: location.lng() } : null }
    },
  }
}
