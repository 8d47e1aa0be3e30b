import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { renderToString } from 'react-dom/server'
import { authHarness, customer, type AuthHarness } from '../machines/authHarness.ts'
import type { Auth, SessionStore } from '../../src/lib/sessionStore.ts'

type SessionModule = typeof import('../../src/lib/sessionStore.ts')

/** A fresh page: the session module evaluated anew, the auth actor one the test drives by hand. */
async function openPage(): Promise<SessionModule> {
  vi.resetModules()
  return import('../../src/lib/sessionStore.ts')
}

let h: AuthHarness
beforeEach(() => {
  vi.stubGlobal('document', {})
  h = authHarness()
})
afterEach(() => {
  h.actor.stop()
  // A test without a document is the server.
  vi.stubGlobal('document', undefined)
})

function Status({ session }: { session: SessionModule }) {
  return <p>{session.useSession().status}</p>
}

/** The session of the auth actor the test drives, as the app's services give it to the screens. */
const servicesWith = (store: SessionStore) => ({ auth: { session: store } as Auth })

function FirstName({ session }: { session: SessionModule }) {
  return <p>{session.useCustomer().customer.first_name}</p>
}

describe('the session', () => {
  it('is known once the auth actor has checked; a page that asked before the actor loaded waits for it', async () => {
    const session = await openPage()
    let loaded!: () => void
    const loading = new Promise<void>((resolve) => (loaded = resolve))
    const store = session.sessionStore(async () => {
      await loading
      return { actor: h.actor }
    })
    const known = vi.fn()
    void session.whenSessionKnown(store).then(known)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(known).not.toHaveBeenCalled()
    loaded()
    await store.start()
    expect(store.get()).toEqual({ status: 'checking' })
    await h.answerCheck({ status: 'customer', user: customer() })
    await vi.waitFor(() => expect(known).toHaveBeenCalledWith({ status: 'customer', customer: customer(), offline: false }))
  })

  it('tells its listeners only when what it means for the screens changes', async () => {
    const session = await openPage()
    const store = session.sessionStore(async () => ({ actor: h.actor }))
    const heard: string[] = []
    store.subscribe(() => heard.push(store.get().status))
    await store.start()
    expect(heard).toEqual([])
    await h.failCheck()
    // Recalling the customer from the device: still not known.
    expect(heard).toEqual([])
    await h.answerRecall(customer())
    expect(heard).toEqual(['customer'])
    expect(store.get()).toEqual({ status: 'customer', customer: customer(), offline: true })
  })

  it('renders as checking on the server and in hydration, whatever the auth actor knows', async () => {
    const session = await openPage()
    const store = session.sessionStore(async () => ({ actor: h.actor }))
    await store.start()
    await h.answerCheck({ status: 'anonymous' })
    expect(store.get()).toEqual({ status: 'anonymous' })
    // The context of the page's own modules (openPage evaluated them anew).
    const { ServicesContext } = await import('../../src/lib/serviceContext.ts')
    const page = (
      <ServicesContext value={servicesWith(store)}>
        <Status session={session} />
      </ServicesContext>
    )
    expect(renderToString(page)).toBe('<p>checking</p>')
  })

  /** A tap on "proceed to order" while the session is still being checked: nothing is decided before the answer. */
  async function tapProceedWhileChecking() {
    const session = await openPage()
    const { proceedTarget } = await import('../../src/features/cart/proceed.ts')
    const store = session.sessionStore(async () => ({ actor: h.actor }))
    const decided = vi.fn()
    void proceedTarget(store).then(decided)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(store.get()).toEqual({ status: 'checking' })
    expect(decided).not.toHaveBeenCalled()
    return decided
  }

  it('decides "proceed to order" once the session is known: a tap while the device with a session checks waits for the answer', async () => {
    const decided = await tapProceedWhileChecking()
    await h.answerCheck({ status: 'customer', user: customer() })
    await vi.waitFor(() => expect(decided).toHaveBeenCalledWith('/delivery_address'))
  })

  it('sends a visitor to sign in only once the server said nobody is signed in', async () => {
    const decided = await tapProceedWhileChecking()
    await h.answerCheck({ status: 'anonymous' })
    await vi.waitFor(() => expect(decided).toHaveBeenCalledWith('/login'))
  })

  it('gives the pages behind the sign-in guard the customer it provides, and refuses a page outside it', async () => {
    const session = await openPage()
    const signedIn = { status: 'customer', customer: customer(), offline: false } as const
    const page = (
      <session.SignedInContext value={signedIn}>
        <FirstName session={session} />
      </session.SignedInContext>
    )
    expect(renderToString(page)).toBe(`<p>${customer().first_name}</p>`)
    expect(() => renderToString(<FirstName session={session} />)).toThrow(/sign-in guard/)
  })

  it('is read by the sign-in guard alone: no page behind it asks for the session again', () => {
    const folder = new URL('../../src/routes/_customer/', import.meta.url)
    const pages = readdirSync(folder).filter((name) => name.endsWith('.tsx'))
    expect(pages.length).toBeGreaterThanOrEqual(13)
    const asking = pages.filter((name) => /\buseSession\b/.test(readFileSync(new URL(name, folder), 'utf8')))
    expect(asking).toEqual([])
  })
})
