/**
 * The chaos test's only source of randomness: a seeded PRNG (mulberry32), so a seed replays the same script of
 * intents, interruptions and delays. Timing inside the browser still varies from run to run; the script does not.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export class Rng {
  private readonly next: () => number

  constructor(readonly seed: number) {
    this.next = mulberry32(seed)
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next()
  }

  /** An integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick: nothing to pick from')
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** One of the entries, each as likely as its weight (weights of 0 are never picked). */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + Math.max(0, w), 0)
    if (total <= 0) throw new Error('Rng.weighted: no entry has a weight')
    let roll = this.next() * total
    for (const [value, weight] of entries) {
      if (weight <= 0) continue
      roll -= weight
      if (roll < 0) return value
    }
    return entries.filter(([, w]) => w > 0).at(-1)![0]
  }
}
