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

/**
 * While `work` runs: the longest the event loop went without running a 10 ms timer (ms), and the catalogue reads a
 * customer made meanwhile, one after another, with the slowest (from when it was due to its answer).
 */
async function whileRunning(work: () => Promise<unknown>) {
  let last = performance.now()
  let longestGap = 0
  const ticker = setInterval(() => {
    const now = performance.now()
    longestGap = Math.max(longestGap, now - last)
    last = now
  }, 10)
  const reads: number[] = []
  let running = true
  const reader = (async () => {
    // Each read is due 20 ms after the last answer, as a customer's request would arrive then: it is timed from when
    // it was due, so the time it waited for the event loop counts.
    // A read due while the work ran is made and counted even when the work has ended by the time it gets its turn.
    let due = performance.now()
    for (;;) {
      const res = await env.app.request('/api/v2/bootstrap', { headers: { Key: apiKey } })
      await res.arrayBuffer()
      reads.push(performance.now() - due)
      if (!running) break
      due = performance.now() + 20
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const start = performance.now()
  await work()
  const took = performance.now() - start
  longestGap = Math.max(longestGap, performance.now() - last)
  clearInterval(ticker)
  running = false
  await reader
  return { took, longestGap, slowestRead: Math.max(...reads), reads: reads.length }
}

describe('resizing a large picture', () => {
  it("leaves the event loop free for customers' requests meanwhile", async () => {
    // A phone camera's 12 MP photo: seconds of decoding in JavaScript (a 6000×6000 one, the limit, takes several times longer).
    const big = await testPicture(4000, 3000, 'image/jpeg')
    const owner = await staffSession(env.t.db, 'owner')
    const uploaded = await whileRunning(async () => {
      const res = await env.app.request('/api/staff/catalogue/pictures', {
        method: 'POST',
        headers: { 'Content-Type': 'image/jpeg', Cookie: owner.cookie },
        body: big,
      })
      expect(res.status).toBe(201)
    })
    // Before (measured after, so the upload's figures carry none of its garbage): the same drawing on the event loop.
    const onLoop = await whileRunning(() => drawPictures(big, cardSizes, 'image/jpeg'))
    const figures = (name: string, m: typeof onLoop) =>
      `${name}: ${Math.round(m.took)} ms, event loop held up at most ${Math.round(m.longestGap)} ms, ${m.reads} catalogue reads meanwhile, slowest ${Math.round(m.slowestRead)} ms`
    process.stdout.write(
      `4000×3000 JPEG (${(big.length / 1024).toFixed(0)} KB) drawn at 640 and 320 px\n${figures('on the event loop', onLoop)}\n${figures('uploaded (worker thread)', uploaded)}\n`,
    )
    // On the event loop nothing else ran until the picture was drawn; in the worker, customers were answered throughout.
    expect(onLoop.longestGap).toBeGreaterThan(onLoop.took * 0.8)
    expect(uploaded.reads).toBeGreaterThan(5)
    expect(uploaded.longestGap).toBeLessThan(onLoop.longestGap / 4)
    expect(uploaded.slowestRead).toBeLessThan(onLoop.slowestRead / 4)
  }, 180_000)
})
