import { isRedirect } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createServices, type Services } from '../../src/app/services.ts'
import { AUTH_LOGOUT, logoutOutbox } from '../../src/features/account/session/logoutQueue.ts'
import { sessionStore } from '../../src/lib/sessionStore.ts'
import { enqueue, queuedRow } from '../../src/outbox/table.ts'
import { Route as customerArea } from '../../src/routes/_customer.tsx'
import { closeStore, type StoreDb } from '../../src/store/db.ts'
import { authHarness, customer } from '../machines/authHarness.ts'
import { freshStore } from '../store/fixtures.ts'

// The composition root alone: this test imports no module for its side effect and configures none. What the
// guard and the outbox do, they do with what the root built and handed them.

/** The sign-in guard of the pages behind it, run as the router runs it, with the services as its context. */
function guard(services: Pick<Services, 'auth'>): Promise<unknown> {
  const beforeLoad = customerArea.options.beforeLoad as (match: { context: Pick<Services, 'auth'> }) => Promise<unknown>
  return beforeLoad({ context: services })
}

let store: StoreDb
beforeEach(async () => {
  store = await freshStore()
})
afterEach(async () => {
  vi.stubGlobal('document', undefined)
  await closeStore({ delete: true })
})

describe('the services the composition root builds', () => {
  it('send what is queued through the outbox kinds they were built with', async () => {
    const sessions: string[] = []
    const send = async (body?: { session: string }) => {
      sessions.push(body?.session ?? '')
      return { kind: 'answered' as const, status: 204 }
    }
    const services = createServices({ outboxKinds: async () => [logoutOutbox(send)] })
    await enqueue(queuedRow('logout-1', AUTH_LOGOUT, { session: 'a'.repeat(64) }))
    try {
      await services.outbox.sendNow(AUTH_LOGOUT)
      expect(await store.outbox.get('logout-1')).toMatchObject({ status: 'acknowledged' })
      expect(sessions).toEqual(['a'.repeat(64)])
    } finally {
      ;(await services.outbox.start()).stop()
    }
  })

  it('are separate for each build: two builds share no outbox', async () => {
    const sent: string[] = []
    const kinds = (name: string) => async () => [
      logoutOutbox(async () => {
        sent.push(name)
        return { kind: 'answered' as const, status: 204 }
      }),
    ]
    const first = createServices({ outboxKinds: kinds('first') })
    const second = createServices({ outboxKinds: kinds('second') })
    expect(second.outbox).not.toBe(first.outbox)
    await enqueue(queuedRow('logout-2', AUTH_LOGOUT, { session: 'b'.repeat(64) }))
    try {
      await second.outbox.sendNow(AUTH_LOGOUT)
      expect(sent).toEqual(['second'])
    } finally {
      ;(await second.outbox.start()).stop()
    }
  })

  it("let the sign-in guard send a visitor on a new device home at once, from the root's auth service", async () => {
    vi.stubGlobal('document', {})
    const services = createServices({ outboxKinds: async () => [] })
    // What the boot does on a new device (src/main.tsx): nobody is signed in, known without the auth actor.
    services.auth.session.presume({ status: 'anonymous' })
    const left = await guard(services).catch((thrown: unknown) => thrown)
    expect(isRedirect(left)).toBe(true)
    expect((left as { options: { to: string } }).options.to).toBe('/')
  })
})

describe('the sign-in guard', () => {
  it('waits for the auth actor of the service it is given, then lets a customer in and sends a visitor home', async () => {
    vi.stubGlobal('document', {})
    for (const [answer, passes] of [
      [{ status: 'customer', user: customer() }, true],
      [{ status: 'anonymous' }, false],
    ] as const) {
      const h = authHarness()
      const auth = { session: sessionStore(async () => ({ actor: h.actor })) } as Services['auth']
      const decided = vi.fn()
      const guarded = guard({ auth }).then(
        () => decided('in'),
        (thrown: unknown) => decided(isRedirect(thrown) ? 'home' : thrown),
      )
      await new Promise((resolve) => setTimeout(resolve, 10))
      // Still checking: the guard decides nothing on a guess.
      expect(decided).not.toHaveBeenCalled()
      await h.answerCheck(answer)
      await guarded
      expect(decided).toHaveBeenCalledWith(passes ? 'in' : 'home')
      h.actor.stop()
    }
  })
})
