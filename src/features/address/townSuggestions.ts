import type { AddressSuggestions } from './addressPort.ts'
import { searchTowns } from './townSearch.ts'

/** Offline adapter: the build-time town list (its own precached chunk), so it works in airplane mode. */
export async function townSuggestions(): Promise<AddressSuggestions> {
  const { provinces, towns } = await import('./towns.data.ts')
  const byId = new Map<string, (typeof towns)[number]>()
  return {
    suggest: async (query) =>
      searchTowns(towns, query).map((town) => {
        const id = `${town[0]}|${town[1]}`
        byId.set(id, town)
        return { id, label: town[0], detail: provinces[town[1]] ?? '' }
      }),
    pick: async ({ id }) => {
      const town = byId.get(id)
      if (!town) return { fields: {}, gps: null }
      return { fields: { city: town[0], province: provinces[town[1]] ?? '' }, gps: { latitude: town[2], longitude: town[3] } }
    },
  }
}
