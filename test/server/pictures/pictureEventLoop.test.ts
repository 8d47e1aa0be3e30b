import { monitorEventLoopDelay } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import { drawPictures } from '../../../server/pictures/drawPictures.ts'
import { apiKey, useAccountsApp } from '../helpers/accounts.ts'
import { testPicture } from '../helpers/pictures.ts'
import { staffSession } from '../helpers/staff.ts'

const env = useAccountsApp({ seeded: true })

const cardSizes = [
  { width: 640, height: 480, fit: 'cover' },
  { width: 320, height: 240, fit: 'cover' },
] as const

/** The longest the event loop was held up (ms) while `work` ran, and the catalogue reads answered meanwhile. */
async function whileRunning(work: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  const reads: number[] = []
  let running = true
  const reader = (async () => {
    while (running) {
      const start = performance.now()
      const res = await env.app.request('/api/v2/bootstrap', { headers: { Key: apiKey } })
      await res.arrayBuffer()
      reads.push(performance.now() - start)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const start = performance.now()
  delay.enable()
  await work()
  delay.disable()
  const took = performance.now() - start
  running = false
  await reader
  return { took, maxDelay: delay.max / 1e6, slowestRead: Math.max(...reads), reads: reads.length }
}

describe('resizing a large picture', () => {
  it("leaves the event loop free for customers' requests meanwhile", async () => {
    const big = await testPicture(6000, 6000, 'image/jpeg')
    const owner = await staffSession(env.t.db, 'owner')
    // Before: the same drawing on the event loop, as it would be without the worker thread.
    const onLoop = await whileRunning(() => drawPictures(big, cardSizes, 'image/jpeg'))
    const uploaded = await whileRunning(async () => {
      const res = await env.app.request('/api/staff/catalogue/pictures', {
        method: 'POST',
        headers: { 'Content-Type': 'image/jpeg', Cookie: owner.cookie },
        body: big,
      })
      expect(res.status).toBe(201)
    })
    const figures = (name: string, m: typeof onLoop) =>
      `${name}: ${Math.round(m.took)} ms, event loop held up at most ${Math.round(m.maxDelay)} ms, ${m.reads} catalogue reads meanwhile, slowest ${Math.round(m.slowestRead)} ms`
    process.stdout.write(`6000×6000 JPEG (${(big.length / 1024).toFixed(0)} KB) drawn at 640 and 320 px\n${figures('on the event loop', onLoop)}\n${figures('uploaded (worker thread)', uploaded)}\n`)
    expect(onLoop.took).toBeGreaterThan(500)
    expect(uploaded.reads).toBeGreaterThan(5)
    expect(uploaded.maxDelay).toBeLessThan(onLoop.maxDelay / 4)
  }, 180_000)
})
