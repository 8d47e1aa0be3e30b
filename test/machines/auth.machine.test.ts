import { describe, expect, it } from 'vitest'
import { initialTransition } from 'xstate'
import { authMachine } from '../../machines/auth.machine.ts'
import { authHarness, customer, signedIn, signedOut } from './authHarness.ts'

class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

describe('the auth machine while checking', () => {
  it('starts by checking the session with nobody known', () => {
    const [snapshot, actions] = initialTransition(authMachine)
    expect(snapshot.value).toBe('checking')
    expect(snapshot.context).toEqual({ user: null, failure: null })
    expect(actions.map((a) => a.type)).toEqual(['xstate.spawnChild'])
  })

  it('lets the device decide whether the first check needs the server', () => {
    const h = authHarness()
    expect(h.checkInputs).toEqual([{ ask: false }])
  })

  it('is logged in when the server knows the session, and remembers the customer', async () => {
    const h = authHarness()
    await h.answerCheck({ status: 'customer', user: customer() })
    expect(h.state()).toBe('loggedIn')
    expect(h.user()).toEqual(customer())
    expect(h.effects).toEqual(['remember thandi@example.co.za'])
  })

  it('is logged out when the server answers 401, and the device forgets', async () => {
    const h = authHarness()
    await h.answerCheck({ status: 'anonymous' })
    expect(h.state()).toBe('loggedOut')
    expect(h.user()).toBeNull()
    expect(h.effects).toEqual(['forget'])
  })

  it('recalls the known customer when the server cannot be reached', async () => {
    const h = authHarness()
    await h.failCheck()
    expect(h.state()).toBe('recalling')
    await h.answerRecall(customer())
    expect(h.state()).toBe('loggedInOffline')
    expect(h.user()).toEqual(customer())
    expect(h.effects).toEqual([])
  })

  it('is logged out offline when the device knows nobody', async () => {
    const h = authHarness()
    await h.failCheck()
    await h.answerRecall(null)
    expect(h.state()).toBe('loggedOut')
  })

  it('is logged out offline when the device cannot be read either', async () => {
    const h = authHarness()
    await h.failCheck()
    await h.failRecall()
    expect(h.state()).toBe('loggedOut')
    expect(h.user()).toBeNull()
  })

  it('ignores intents until the session is known', async () => {
    const h = authHarness()
    h.actor.send({ type: 'auth.signOut' })
    h.actor.send({ type: 'auth.signIn', email: 'a@b.co', password: 'x' })
    expect(h.state()).toBe('checking')
    expect(h.pending.signIn).toHaveLength(0)
  })
})

describe('the auth machine while logged out', () => {
  it('signs in with the email and password given', async () => {
    const h = await signedOut()
    h.actor.send({ type: 'auth.signIn', email: 'thandi@example.co.za', password: 'Secret#123' })
    expect(h.state()).toBe('signingIn')
    expect(h.signInInputs).toEqual([{ email: 'thandi@example.co.za', password: 'Secret#123' }])
    await h.answerSignIn(customer())
    expect(h.state()).toBe('loggedIn')
    expect(h.user()).toEqual(customer())
    expect(h.effects).toEqual(['remember thandi@example.co.za'])
  })

  it('stays logged out with the server message and status when signing in fails', async () => {
    const h = await signedOut()
    h.actor.send({ type: 'auth.signIn', email: 'thandi@example.co.za', password: 'wrong' })
    await h.failSignIn(new HttpError('Incorrect Username or Password. Please try again.', 401))
    expect(h.state()).toBe('loggedOut')
    expect(h.actor.getSnapshot().context.failure).toEqual({
      message: 'Incorrect Username or Password. Please try again.',
      status: 401,
    })
    expect(h.effects).toEqual([])
  })

  it('reports a failure without an answer as having no status, and clears it on the next attempt', async () => {
    const h = await signedOut()
    h.actor.send({ type: 'auth.signIn', email: 'a@b.co', password: 'x' })
    await h.failSignIn(new TypeError('Failed to fetch'))
    expect(h.actor.getSnapshot().context.failure).toEqual({ message: 'Failed to fetch', status: undefined })
    h.actor.send({ type: 'auth.signIn', email: 'a@b.co', password: 'y' })
    expect(h.actor.getSnapshot().context.failure).toBeNull()
  })

  it('follows a customer the server already signed in (a new account or another tab)', async () => {
    const h = await signedOut()
    h.actor.send({ type: 'auth.signedIn', user: customer() })
    expect(h.state()).toBe('loggedIn')
    expect(h.effects).toEqual(['remember thandi@example.co.za'])
  })

  it('checks again when asked (a social sign-in came back)', async () => {
    const h = await signedOut()
    h.actor.send({ type: 'auth.recheck' })
    expect(h.state()).toBe('checking')
    expect(h.checkInputs.at(-1)).toEqual({ ask: true })
    await h.answerCheck({ status: 'customer', user: customer() })
    expect(h.state()).toBe('loggedIn')
  })

  it('ignores a sign-out', async () => {
    const h = await signedOut()
    h.actor.send({ type: 'auth.signOut' })
    expect(h.state()).toBe('loggedOut')
    expect(h.pending.signOut).toHaveLength(0)
  })
})

describe('the auth machine while logged in', () => {
  it('records the logout first, then drops the customer data and tells the other tabs', async () => {
    const h = await signedIn()
    h.actor.send({ type: 'auth.signOut' })
    expect(h.state()).toBe('signingOut')
    expect(h.pending.signOut).toHaveLength(1)
    expect(h.effects).toEqual([])
    await h.answerSignOut()
    expect(h.state()).toBe('loggedOut')
    expect(h.effects).toEqual(['clearCustomerData'])
    expect(h.user()).toBeNull()
  })

  it('is logged out even when the server cannot be told', async () => {
    const h = await signedIn()
    h.actor.send({ type: 'auth.signOut' })
    await h.failSignOut()
    expect(h.state()).toBe('loggedOut')
    expect(h.user()).toBeNull()
  })

  it('follows a logout in another tab without running the logout again', async () => {
    const h = await signedIn()
    h.actor.send({ type: 'auth.signedOutElsewhere' })
    expect(h.state()).toBe('loggedOut')
    expect(h.user()).toBeNull()
    expect(h.effects).toEqual([])
    expect(h.pending.signOut).toHaveLength(0)
  })

  it('takes a fresher profile and remembers it', async () => {
    const h = await signedIn()
    h.actor.send({ type: 'auth.signedIn', user: customer({ mobile: '0821234567' }) })
    expect(h.state()).toBe('loggedIn')
    expect(h.user()?.mobile).toBe('0821234567')
    expect(h.effects).toEqual(['remember thandi@example.co.za'])
  })

  it('does not check again while the session is known', async () => {
    const h = await signedIn()
    h.actor.send({ type: 'auth.recheck' })
    expect(h.state()).toBe('loggedIn')
  })
})

describe('the auth machine while logged in offline', () => {
  async function offline() {
    const h = authHarness()
    await h.failCheck()
    await h.answerRecall(customer())
    return h
  }

  it('returns to logged in when a check succeeds back online', async () => {
    const h = await offline()
    h.actor.send({ type: 'auth.recheck' })
    expect(h.state()).toBe('checking')
    await h.answerCheck({ status: 'customer', user: customer() })
    expect(h.state()).toBe('loggedIn')
  })

  it('is logged out when the check back online answers 401', async () => {
    const h = await offline()
    h.actor.send({ type: 'auth.recheck' })
    await h.answerCheck({ status: 'anonymous' })
    expect(h.state()).toBe('loggedOut')
    expect(h.effects).toEqual(['forget'])
  })

  it('stays offline with the known customer when the check still has no answer', async () => {
    const h = await offline()
    h.actor.send({ type: 'auth.recheck' })
    await h.failCheck()
    await h.answerRecall(customer())
    expect(h.state()).toBe('loggedInOffline')
  })

  it('logs out offline: the device records it without the network', async () => {
    const h = await offline()
    h.actor.send({ type: 'auth.signOut' })
    expect(h.state()).toBe('signingOut')
    await h.answerSignOut()
    expect(h.state()).toBe('loggedOut')
    expect(h.effects).toEqual(['clearCustomerData'])
  })

  it('is logged out in this tab even when the device cannot record it', async () => {
    const h = await offline()
    h.actor.send({ type: 'auth.signOut' })
    await h.failSignOut()
    expect(h.state()).toBe('loggedOut')
    expect(h.effects).toEqual(['clearCustomerData'])
  })

  it('follows a logout in another tab', async () => {
    const h = await offline()
    h.actor.send({ type: 'auth.signedOutElsewhere' })
    expect(h.state()).toBe('loggedOut')
  })

  it('becomes logged in when another tab signs in', async () => {
    const h = await offline()
    h.actor.send({ type: 'auth.signedIn', user: customer() })
    expect(h.state()).toBe('loggedIn')
    expect(h.effects).toEqual(['remember thandi@example.co.za'])
  })
})
