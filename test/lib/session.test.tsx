import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderToString } from 'react-dom/server'
import { authHarness, customer, type AuthHarness } from '../machines/authHarness.ts'

type SessionModule = typeof import('../../src/lib/session.ts')

/** A fresh page: the session module evaluated anew, the auth actor one the test drives by hand. */
async function openPage(): Promise<SessionModule> {
  vi.resetModules()
  return import('../../src/lib/session.ts')
}

let h: AuthHarness | undefined
beforeEach(() => vi.stubGlobal('document', {}))
afterEach(() => {
  h?.actor.stop()
  h = undefined
  // A test without a document is the server.
  vi.stubGlobal('document', undefined)
})

describe('the session', () => {
  it('is known once the auth actor has checked; a page that asked before the account area registered waits for it', async () => {
    const session = await openPage()
    let known: unknown
    void session.whenSessionKnown().then((s) => (known = s))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(known).toBeUndefined()
    session.onSessionWanted(async () => ({ actor: (h = authHarness()).actor }))
    await vi.waitFor(() => expect(h).toBeDefined())
    expect(session.getSession()).toEqual({ status: 'checking' })
    await h!.answerCheck({ status: 'customer', user: customer() })
    await vi.waitFor(() => expect(known).toEqual({ status: 'customer', customer: customer(), offline: false }))
  })

  it('tells its listeners only when what it means for the screens changes', async () => {
    const session = await openPage()
    session.onSessionWanted(async () => ({ actor: (h = authHarness()).actor }))
    const heard: string[] = []
    session.subscribeSession(() => heard.push(session.getSession().status))
    await session.auth.start()
    expect(heard).toEqual([])
    await h!.failCheck()
    // Recalling the customer from the device: still not known.
    expect(heard).toEqual([])
    await h!.answerRecall(customer())
    expect(heard).toEqual(['customer'])
    expect(session.getSession()).toEqual({ status: 'customer', customer: customer(), offline: true })
  })

  it('renders as checking on the server and in hydration, whatever the auth actor knows', async () => {
    const session = await openPage()
    session.onSessionWanted(async () => ({ actor: (h = authHarness()).actor }))
    await session.auth.start()
    await h!.answerCheck({ status: 'anonymous' })
    expect(session.getSession()).toEqual({ status: 'anonymous' })
    function Status() {
      return <p>{session.useSession().status}</p>
    }
    expect(renderToString(<Status />)).toBe('<p>checking</p>')
  })
})
