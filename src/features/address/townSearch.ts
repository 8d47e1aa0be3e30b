import type { Town } from './townsData.ts'

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** Towns whose name starts with the query first, then those with a word starting with it; at most `limit`. */
export function searchTowns(towns: readonly Town[], query: string, limit = 8): Town[] {
  const q = fold(query.trim())
  if (q.length < 2) return []
  const starts: Town[] = []
  const words: Town[] = []
  for (const town of towns) {
    const name = fold(town[0])
    if (name.startsWith(q)) starts.push(town)
    else if (name.split(/[\s-]+/).some((w) => w.startsWith(q))) words.push(town)
  }
  // Shorter names first: "Durban" before "Durbanville" for "durb".
  starts.sort((a, b) => a[0].length - b[0].length)
  return [...starts, ...words].slice(0, limit)
}
