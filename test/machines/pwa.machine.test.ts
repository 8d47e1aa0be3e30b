import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { INSTALL_DECLINE_RESTS_MS, pwaMachine, type InstallMemory, type InstallPlatform, type PwaEvent } from '../../machines/pwa.machine.ts'

function start(online = true) {
  const actor = createActor(pwaMachine, { input: { online } }).start()
  const send = (...events: PwaEvent['type'][]) => {
    for (const type of events) actor.send({ type } as PwaEvent)
  }
  const is = (state: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0]) => actor.getSnapshot().matches(state)
  return { send, is }
}

describe('the installed app', () => {
  it('starts on the connection the browser reports, and follows it', () => {
    const offline = start(false)
    expect(offline.is({ connection: 'offline' })).toBe(true)
    offline.send('pwa.online')
    expect(offline.is({ connection: 'online' })).toBe(true)
    offline.send('pwa.offline')
    expect(offline.is({ connection: 'offline' })).toBe(true)
    expect(start().is({ connection: 'online' })).toBe(true)
  })

  it('keeps a waiting version on offer until the reload', () => {
    const app = start()
    expect(app.is({ update: 'current' })).toBe(true)
    app.send('pwa.update.ready', 'pwa.offline', 'pwa.online')
    expect(app.is({ update: 'ready' })).toBe(true)
  })

  it('offers installation only once the customer has used the page, in either order', () => {
    const offeredFirst = start()
    offeredFirst.send('pwa.install.offered')
    expect(offeredFirst.is({ install: { offer: 'offered', customer: 'engaged' } })).toBe(false)
    offeredFirst.send('pwa.engaged')
    expect(offeredFirst.is({ install: { offer: 'offered', customer: 'engaged' } })).toBe(true)
    const usedFirst = start()
    usedFirst.send('pwa.engaged', 'pwa.install.offered')
    expect(usedFirst.is({ install: { offer: 'offered', customer: 'engaged' } })).toBe(true)
  })

  it('withdraws the offer once installed, and makes it again when the browser does', () => {
    const app = start()
    app.send('pwa.engaged', 'pwa.install.offered', 'pwa.installed')
    expect(app.is({ install: { offer: 'none' } })).toBe(true)
    app.send('pwa.install.offered')
    expect(app.is({ install: { offer: 'offered', customer: 'engaged' } })).toBe(true)
  })
})

describe('the answers to the install offer', () => {
  const DAY = 24 * 60 * 60 * 1000
  const now = Date.parse('2026-11-27T10:00:00.000Z')
  const platforms = {
    chromium: { installsFromShareMenu: false, standalone: false },
    iosSafari: { installsFromShareMenu: true, standalone: false },
    iosInstalled: { installsFromShareMenu: true, standalone: true },
  }

  /** The machine on a device that remembers `memory` (null: the device could not say). */
  function remembering(memory: Partial<InstallMemory> | null, platform: InstallPlatform = platforms.chromium) {
    const recorded: string[] = []
    const machine = pwaMachine.provide({
      actions: { recordDecline: () => void recorded.push('declined'), recordHintDismissed: () => void recorded.push('hint dismissed') },
    })
    const input = { online: true, platform, memory: memory && { declinedAt: null, hintDismissed: false, readAt: now, ...memory } }
    const actor = createActor(machine, { input }).start()
    const send = (...types: PwaEvent['type'][]) => {
      for (const type of types) actor.send({ type } as PwaEvent)
    }
    const is = (state: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0]) => actor.getSnapshot().matches(state)
    return { send, is, recorded }
  }

  it('"Not now" withdraws the offer and is kept on the device', () => {
    const app = remembering({})
    app.send('pwa.engaged', 'pwa.install.offered')
    expect(app.is({ install: { offer: 'offered', answer: 'open' } })).toBe(true)
    app.send('pwa.install.decline')
    expect(app.is({ install: { answer: 'declined' } })).toBe(true)
    expect(app.recorded).toEqual(['declined'])
    // The browser offers again in the same visit: the answer stands.
    app.send('pwa.installed', 'pwa.install.offered')
    expect(app.is({ install: { answer: 'declined' } })).toBe(true)
  })

  it('rests the offer for 30 days after "Not now", then makes it again', () => {
    expect(remembering({ declinedAt: now - DAY }).is({ install: { answer: 'declined' } })).toBe(true)
    expect(remembering({ declinedAt: now - 30 * DAY + 1 }).is({ install: { answer: 'declined' } })).toBe(true)
    expect(remembering({ declinedAt: now - 30 * DAY }).is({ install: { answer: 'open' } })).toBe(true)
    expect(INSTALL_DECLINE_RESTS_MS).toBe(30 * DAY)
  })

  it('offers the Add to Home Screen hint on iOS Safari only, until it is put away for good', () => {
    expect(remembering({}, platforms.chromium).is({ install: { hint: 'unneeded' } })).toBe(true)
    const ios = remembering({}, platforms.iosSafari)
    expect(ios.is({ install: { hint: 'shown' } })).toBe(true)
    ios.send('pwa.hint.dismiss')
    expect(ios.is({ install: { hint: 'dismissed' } })).toBe(true)
    expect(ios.recorded).toEqual(['hint dismissed'])
    // The next visit remembers it, however long after.
    expect(remembering({ hintDismissed: true, readAt: now + 400 * DAY }, platforms.iosSafari).is({ install: { hint: 'dismissed' } })).toBe(true)
  })

  it('gives no hint in the app already installed on the home screen', () => {
    expect(remembering({}, platforms.iosInstalled).is({ install: { hint: 'unneeded' } })).toBe(true)
  })

  it('makes the offer but holds the hint back when the device could not say what it remembers: it may have been put away', () => {
    expect(remembering(null, platforms.iosSafari).is({ install: { answer: 'open', hint: 'dismissed' } })).toBe(true)
  })
})
