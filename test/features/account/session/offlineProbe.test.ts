import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OFFLINE_PROBE_DELAYS_MS, probeWhileOffline } from '../../../../src/features/account/session/offlineProbe.ts'
import { sessionOf } from '../../../../src/lib/sessionStore.ts'
import { authHarness, customer } from '../../../machines/authHarness.ts'

// The harness's own settling waits on a real timer; under fake timers each step settles by running the clock by 0.
const settled = () => vi.advanceTimersByTimeAsync(0)
const failCheck = (h: ReturnType<typeof authHarness>) => {
  h.pending.check.at(-1)?.reject(new TypeError('Failed to fetch'))
  return settled()
}
const answerCheck = (h: ReturnType<typeof authHarness>) => {
  h.pending.check.at(-1)?.resolve({ status: 'customer', user: customer() })
  return settled()
}
const answerRecall = (h: ReturnType<typeof authHarness>) => {
  h.pending.recall.at(-1)?.resolve(customer())
  return settled()
}

/** The real auth machine shown offline (the check found no server), with the probe watching it. */
async function offlineWithProbe(answers: Array<'fails' | 'answers'>) {
  const h = authHarness()
  const asked: number[] = []
  const ask = vi.fn(async () => {
    asked.push(Date.now())
    if ((answers.shift() ?? 'fails') === 'fails') throw new TypeError('Failed to fetch')
    return null
  })
  const recheck = vi.fn(() => h.actor.send({ type: 'auth.recheck' }))
  const probe = probeWhileOffline(h.actor, ask, recheck)
  await failCheck(h)
  await answerRecall(h)
  expect(h.state()).toBe('loggedInOffline')
  return { h, ask, asked, recheck, probe }
}

describe('the auth actor while it shows the customer offline', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  it('asks the server again with growing waits, and checks the session once the server answers', async () => {
    const { h, ask, asked, recheck, probe } = await offlineWithProbe(['fails', 'fails', 'answers'])
    const start = Date.now()
    await vi.advanceTimersByTimeAsync(OFFLINE_PROBE_DELAYS_MS[0] - 1)
    expect(ask).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(OFFLINE_PROBE_DELAYS_MS[0] + OFFLINE_PROBE_DELAYS_MS[1] + OFFLINE_PROBE_DELAYS_MS[2])
    expect(asked.map((t) => t - start)).toEqual([
      OFFLINE_PROBE_DELAYS_MS[0],
      OFFLINE_PROBE_DELAYS_MS[0] + OFFLINE_PROBE_DELAYS_MS[1],
      OFFLINE_PROBE_DELAYS_MS[0] + OFFLINE_PROBE_DELAYS_MS[1] + OFFLINE_PROBE_DELAYS_MS[2],
    ])
    // Shown offline the whole time: a failed question changes nothing the customer sees.
    expect(recheck).toHaveBeenCalledTimes(1)
    expect(h.state()).toBe('checking')
    await answerCheck(h)
    expect(h.state()).toBe('loggedIn')
    // Signed in: no more questions.
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(ask).toHaveBeenCalledTimes(3)
    probe.stop()
  })

  it('keeps showing the customer, offline, while the server is asked again: the screen does not change until it answers', async () => {
    const { h, probe } = await offlineWithProbe(['answers'])
    const shown = () => sessionOf(h.actor.getSnapshot())
    expect(shown()).toEqual({ status: 'customer', customer: customer(), offline: true })
    await vi.advanceTimersByTimeAsync(OFFLINE_PROBE_DELAYS_MS[0])
    expect(h.state()).toBe('checking')
    expect(shown()).toEqual({ status: 'customer', customer: customer(), offline: true })
    await failCheck(h)
    expect(h.state()).toBe('recalling')
    expect(shown()).toEqual({ status: 'customer', customer: customer(), offline: true })
    await answerRecall(h)
    h.actor.send({ type: 'auth.recheck' })
    await answerCheck(h)
    expect(shown()).toEqual({ status: 'customer', customer: customer(), offline: false })
    probe.stop()
  })

  it('shows "checking" while nobody is known yet, as on the first start', () => {
    const h = authHarness()
    expect(sessionOf(h.actor.getSnapshot())).toEqual({ status: 'checking' })
  })

  it('waits at most the last delay between questions, one question at a time', async () => {
    const { ask, probe } = await offlineWithProbe([])
    const total = OFFLINE_PROBE_DELAYS_MS.reduce((sum, d) => sum + d, 0)
    await vi.advanceTimersByTimeAsync(total + 3 * OFFLINE_PROBE_DELAYS_MS.at(-1)!)
    expect(ask).toHaveBeenCalledTimes(OFFLINE_PROBE_DELAYS_MS.length + 3)
    probe.stop()
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(ask).toHaveBeenCalledTimes(OFFLINE_PROBE_DELAYS_MS.length + 3)
  })

  it('stops asking when the customer signs out offline', async () => {
    const { h, ask, probe } = await offlineWithProbe([])
    h.actor.send({ type: 'auth.signOut' })
    h.pending.signOut.at(-1)?.resolve()
    await settled()
    expect(h.state()).toBe('loggedOut')
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(ask).not.toHaveBeenCalled()
    probe.stop()
  })

  it('after a check that still found no server, goes on with the longer wait', async () => {
    const { h, ask, asked, probe } = await offlineWithProbe(['answers', 'fails'])
    const start = Date.now()
    await vi.advanceTimersByTimeAsync(OFFLINE_PROBE_DELAYS_MS[0])
    expect(h.state()).toBe('checking')
    // The server answered the probe but the check itself failed: offline again.
    await failCheck(h)
    await answerRecall(h)
    expect(h.state()).toBe('loggedInOffline')
    await vi.advanceTimersByTimeAsync(OFFLINE_PROBE_DELAYS_MS[1])
    expect(asked.map((t) => t - start)).toEqual([OFFLINE_PROBE_DELAYS_MS[0], OFFLINE_PROBE_DELAYS_MS[0] + OFFLINE_PROBE_DELAYS_MS[1]])
    expect(ask).toHaveBeenCalledTimes(2)
    probe.stop()
  })
})
