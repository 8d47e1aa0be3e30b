import { setupI18n } from '@lingui/core'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session, SessionStore } from '../../src/lib/sessionStore.ts'
import { recheckPush } from '../../src/pwa/pushDevice.ts'
import { recheckPushWhileSignedIn } from '../../src/pwa/pushStart.ts'

// The re-check itself is pushDevice.ts's (test/pwa/pushDevice.test.ts): here, only when it runs.
vi.mock('../../src/pwa/pushDevice.ts', () => ({ recheckPush: vi.fn(async () => undefined) }))
const recheck = vi.mocked(recheckPush)
beforeEach(() => recheck.mockClear())

/** A session store the test moves by hand. */
function sessionOf(first: Session) {
  let now = first
  const listeners = new Set<() => void>()
  const store = {
    get: () => now,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } as unknown as SessionStore
  const move = (next: Session) => {
    now = next
    for (const listener of listeners) listener()
  }
  return { store, move }
}

const customer = { id: 7, first_name: 'Thandi' } as never
const answered: Session = { status: 'customer', customer, offline: false }

describe('the start re-check of push', () => {
  it('runs once each time the server answers for a customer, never for a visitor or a copy shown offline', () => {
    const { store, move } = sessionOf({ status: 'checking' })
    const stop = recheckPushWhileSignedIn(store, setupI18n({ locale: 'en', messages: { en: {} } }))
    expect(recheck).not.toHaveBeenCalled()
    move({ status: 'customer', customer, offline: true })
    move({ status: 'anonymous' })
    expect(recheck).not.toHaveBeenCalled()
    move(answered)
    move({ ...answered })
    expect(recheck).toHaveBeenCalledTimes(1)
    move({ status: 'anonymous' })
    move(answered)
    expect(recheck).toHaveBeenCalledTimes(2)
    stop()
    move({ status: 'anonymous' })
    move(answered)
    expect(recheck).toHaveBeenCalledTimes(2)
  })

  it('runs again when the language changes while signed in (the server writes in the row’s language), and at once when already signed in', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {}, af: {} } })
    const { store, move } = sessionOf(answered)
    recheckPushWhileSignedIn(store, i18n)
    expect(recheck).toHaveBeenCalledTimes(1)
    i18n.activate('af')
    expect(recheck).toHaveBeenCalledTimes(2)
    move({ status: 'anonymous' })
    i18n.activate('en')
    expect(recheck).toHaveBeenCalledTimes(2)
  })
})
