import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import type { User } from '../../../../src/domain/account.ts'
import { applyEdit } from '../../../../src/domain/accountEdits.ts'
import { makeFact } from '../../../../src/domain/events.ts'
import type { AccountEdit, AccountEditRequest } from '../../../../src/domain/profile.ts'
import { accountEditOutbox, queueAccountEdit } from '../../../../src/features/account/profile/accountEditQueue.ts'
import { openAuthChannel } from '../../../../src/features/account/session/authBroadcast.ts'
import { customerWritten, fresherCustomer, rememberCustomer } from '../../../../src/features/account/session/knownCustomer.ts'
import { drainOutbox } from '../../../../src/outbox/sender.ts'
import { commit } from '../../../../src/store/commit.ts'
import { closeStore, openStore } from '../../../../src/store/db.ts'
import { readKnownCustomer } from '../../../../src/store/queries.ts'
import { addressOn, customer } from '../../../machines/authHarness.ts'
import { freshStore } from '../../../store/fixtures.ts'

const session = vi.hoisted(() => ({ answer: (): Promise<unknown> => Promise.resolve(null) }))
vi.mock('../../../../src/api/account.ts', async (original) => ({
  ...(await original<typeof import('../../../../src/api/account.ts')>()),
  fetchSession: () => session.answer(),
}))

const home = '11111111-1111-4111-8111-111111111111'
const me = customer({ id: 7, addresses: [{ ...addressOn('Long Street'), id: home, is_default: true }] })
const kloof: AccountEdit = { kind: 'address.save', address_id: home, address: addressOn('Kloofstraat'), is_default: true }

/** The server's copy of the customer: the edits it took, in order. */
function server() {
  let stored: User = me
  return {
    now: () => stored,
    send: async (_userId: number, request: AccountEditRequest) => {
      stored = applyEdit(stored, request.edit)
      return { kind: 'saved' as const, user: stored }
    },
  }
}

const drain = (s: ReturnType<typeof server>) => drainOutbox([accountEditOutbox(s.send)], { force: true, signedIn: 7 })
const position = async () => ((await (await openStore()).db.events.orderBy('seq').lastKey()) as number | undefined) ?? 0
const knownStreet = async () => (await readKnownCustomer())?.addresses.map((a) => a.street_name)

beforeEach(async () => {
  await freshStore()
  await commit(makeFact('v1.CustomerSignedIn', { user: me }, { id: 'signed-in', occurredAt: '2026-03-01T08:00:00.000Z' }))
})
afterEach(() => closeStore({ delete: true }))

describe('a session answer that crosses an edit’s answer', () => {
  it('asked for before the edit was answered, does not replace the copy the edit’s answer stored', async () => {
    await queueAccountEdit(7, kloof)
    const s = server()
    // The session is asked for, and the server answers it before it takes the edit.
    const askedAt = await position()
    const stale = s.now()
    await drain(s)
    expect(await knownStreet()).toEqual(['Kloofstraat'])
    expect(await rememberCustomer(stale, askedAt)).toBe(false)
    expect(await knownStreet()).toEqual(['Kloofstraat'])
    expect((await fresherCustomer(stale, askedAt)).addresses[0]?.street_name).toBe('Kloofstraat')
  })

  it('asked for after the edit was answered, is the newer copy and is recorded', async () => {
    await queueAccountEdit(7, kloof)
    const s = server()
    await drain(s)
    const askedAt = await position()
    // Changed on another device since.
    const newer = { ...s.now(), first_name: 'Lindiwe' }
    expect(await fresherCustomer(newer, askedAt)).toBe(newer)
    expect(await rememberCustomer(newer, askedAt)).toBe(true)
    expect((await readKnownCustomer())?.first_name).toBe('Lindiwe')
  })

  it('reaches neither the known customer nor the signed-in customer of a tab whose recheck was under way', async () => {
    const { startAuth } = await import('../../../../src/features/account/session/authActor.ts')
    await queueAccountEdit(7, kloof)
    const s = server()
    const asked: { answer?: (user: User) => void } = {}
    session.answer = () => new Promise((resolve) => (asked.answer = resolve))
    const running = startAuth({ callbacks: {}, outbox: { sendNow: async () => [] } })
    try {
      // The tab asks for the session; meanwhile another tab's drain sends the edit and stores the answer.
      await vi.waitUntil(() => running.actor.getSnapshot().matches('checking') && asked.answer !== undefined)
      const stale = s.now()
      await drain(s)
      asked.answer?.(stale)
      const settled = await waitFor(running.actor, (state) => state.matches('loggedIn'))
      await customerWritten()
      expect(settled.context.user?.addresses[0]?.street_name).toBe('Kloofstraat')
      expect(await knownStreet()).toEqual(['Kloofstraat'])
    } finally {
      running.stop?.()
      session.answer = () => Promise.resolve(null)
    }
  })

  it('heard late from another tab, does not bring back an older copy than the device holds', async () => {
    const { startAuth } = await import('../../../../src/features/account/session/authActor.ts')
    session.answer = () => Promise.resolve(me)
    const running = startAuth({ callbacks: {}, outbox: { sendNow: async () => [] } })
    const other = openAuthChannel(() => {})
    try {
      const signedIn = await waitFor(running.actor, (state) => state.matches('loggedIn'))
      const profileAnswer = { ...me, first_name: 'Lindiwe', last_name: 'Nkosi', phone: '0115551234' }
      const addressAnswer = applyEdit(profileAnswer, kloof)
      // The draining tab stored both answers, then this tab hears its announcement of the first.
      await commit(
        makeFact('v1.AccountEditAcknowledged', { editId: 'profile-edit', user: profileAnswer }, { id: 'ack-1', occurredAt: '2026-03-01T08:01:00.000Z' }),
      )
      await commit(
        makeFact('v1.AccountEditAcknowledged', { editId: 'address-edit', user: addressAnswer }, { id: 'ack-2', occurredAt: '2026-03-01T08:01:01.000Z' }),
      )
      other.post({ type: 'signedIn', user: profileAnswer })
      const heard = await waitFor(running.actor, (state) => state.context.user !== signedIn.context.user)
      await customerWritten()
      expect(heard.context.user).toMatchObject({ first_name: 'Lindiwe', addresses: [{ street_name: 'Kloofstraat' }] })
      expect(await knownStreet()).toEqual(['Kloofstraat'])
    } finally {
      other.close()
      running.stop?.()
      session.answer = () => Promise.resolve(null)
    }
  })
})
