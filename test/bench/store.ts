import 'fake-indexeddb/auto'
import { performance } from 'node:perf_hooks'
import { StoreDb } from '../../src/store/db.ts'
import { cartFacts, coldStart, replayCart, seedLog } from './storeWorkload.ts'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function time(task: () => unknown, runs = 5): Promise<number> {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await task()
    samples.push(performance.now() - start)
  }
  return median(samples)
}

/** Store figures: a 10,000-fact replay, and cold start from snapshot + 100-fact tail by log length. */
export async function benchStore(): Promise<{ replayMs: number; coldStartMs: Record<number, number> }> {
  const facts = cartFacts(10_000)
  const replayMs = await time(() => replayCart(facts))
  const coldStartMs: Record<number, number> = {}
  for (const length of [1_000, 10_000, 30_000]) {
    const store = new StoreDb(`bench-${length}`, { indexedDB, IDBKeyRange })
    await store.open()
    await seedLog(store, length, 100)
    coldStartMs[length] = await time(() => coldStart(store))
    await store.delete()
  }
  return { replayMs, coldStartMs }
}
