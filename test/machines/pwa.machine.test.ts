import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { pwaMachine, type PwaEvent } from '../../machines/pwa.machine.ts'

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
