import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AccountEditResult } from '../../../../src/api/accountEdits.ts'
import type { User } from '../../../../src/domain/account.ts'
import { applyEdit } from '../../../../src/domain/accountEdits.ts'
import { accountView } from '../../../../src/domain/accountView.ts'
import { makeFact } from '../../../../src/domain/events.ts'
import type { AccountEdit, AccountEditRequest } from '../../../../src/domain/profile.ts'
import { ACCOUNT_EDIT, accountEditOutbox, dismissRefusal, queueAccountEdit } from '../../../../src/features/account/profile/accountEditQueue.ts'
import { drainOutbox } from '../../../../src/outbox/sender.ts'
import { commit } from '../../../../src/store/commit.ts'
import { closeStore } from '../../../../src/store/db.ts'
import { openRows } from '../../../../src/outbox/table.ts'
import { readAccountEdits, readKnownCustomer } from '../../../../src/store/queries.ts'
import { addressOn, customer } from '../../../machines/authHarness.ts'
import { freshStore } from '../../../store/fixtures.ts'

const me = customer({
  id: 7,
  addresses: [{ ...addressOn('Long Street'), id: '11111111-1111-4111-8111-111111111111', is_default: true }],
})
const profile = { first_name: 'Thandeka', last_name: 'Mthembu', phone: '0219876543', mobile: '' }
const offline: AccountEditResult = { kind: 'no-answer', error: 'Failed to fetch' }

/** A stand-in server: answers from a script, else makes the edit on its own copy of the customer as the real one does. */
function server(...answers: AccountEditResult[]) {
  let stored: User = me
  const got: { userId: number; request: AccountEditRequest }[] = []
  const send = async (userId: number, request: AccountEditRequest): Promise<AccountEditResult> => {
    got.push({ userId, request })
    const answer = answers.shift()
    if (answer) return answer
    stored = applyEdit(stored, request.edit)
    return { kind: 'saved', user: stored }
  }
  return { got, send }
}

const drain = (send: ReturnType<typeof server>['send'], signedIn: number | null = 7) =>
  drainOutbox([accountEditOutbox(send)], { force: true, signedIn }).then((r) => r.outcomes[ACCOUNT_EDIT] ?? [])

const shown = async () => accountView((await readKnownCustomer()) ?? me, await readAccountEdits())

beforeEach(async () => {
  await freshStore()
  await commit(makeFact('v1.CustomerSignedIn', { user: me }, { id: 'signed-in', occurredAt: '2026-03-01T08:00:00.000Z' }))
})
afterEach(() => closeStore({ delete: true }))

describe('an account edit made on the device', () => {
  it('shows at once as waiting, is sent once with its id as the key, and the answer becomes the known customer', async () => {
    const id = await queueAccountEdit(7, { kind: 'profile', profile })
    expect(await shown()).toMatchObject({ user: { first_name: 'Thandeka', id_number: me.id_number }, profileWaiting: true })
    const s = server()
    const outcomes = await drain(s.send)
    await drain(s.send)
    expect(s.got).toEqual([{ userId: 7, request: { id, edit: { kind: 'profile', profile } } }])
    expect(outcomes).toMatchObject([{ id, kind: 'saved', waited: false }])
    expect(await shown()).toMatchObject({ user: { first_name: 'Thandeka' }, profileWaiting: false, refused: [] })
    expect((await readKnownCustomer())?.first_name).toBe('Thandeka')
  })

  it('waits without a connection, still shown, and goes once, by the same key, when the connection returns', async () => {
    const id = await queueAccountEdit(7, { kind: 'profile', profile })
    const s = server(offline)
    expect(await drain(s.send)).toMatchObject([{ id, kind: 'waiting' }])
    expect((await shown()).profileWaiting).toBe(true)
    expect(await drain(s.send)).toMatchObject([{ id, kind: 'saved', waited: true }])
    expect(s.got.map((g) => g.request.id)).toEqual([id, id])
    expect(await openRows(ACCOUNT_EDIT)).toEqual([])
  })

  it('keeps a refusal with what was typed and the field it names, until it is put away', async () => {
    const id = await queueAccountEdit(7, { kind: 'profile', profile })
    const s = server({
      kind: 'refused',
      status: 400,
      error: 'Phone number must be 10 digits.',
      issues: [{ path: 'phone', message: 'Phone number must be 10 digits.' }],
    })
    expect(await drain(s.send)).toMatchObject([{ id, kind: 'refused', reason: 'Phone number must be 10 digits.', field: 'phone' }])
    const view = await shown()
    // The profile shows what the server holds again; the refused edit keeps the typed values for the form.
    expect(view.user.first_name).toBe('Thandi')
    expect(view.refused).toEqual([{ id, customerId: 7, edit: { kind: 'profile', profile }, reason: 'Phone number must be 10 digits.', field: 'phone' }])
    await drain(s.send)
    expect(s.got).toHaveLength(1)
    await dismissRefusal(id)
    expect((await shown()).refused).toEqual([])
  })

  it('forgets an older refusal of the same thing once it is typed again', async () => {
    await queueAccountEdit(7, { kind: 'profile', profile })
    await drain(server({ kind: 'refused', status: 400, error: 'Phone number must be 10 digits.', issues: [] }).send)
    await queueAccountEdit(7, { kind: 'profile', profile: { ...profile, phone: '0211112222' } })
    expect((await shown()).refused).toEqual([])
  })

  it("goes only with its own customer's session, and shows only to that customer", async () => {
    await queueAccountEdit(7, { kind: 'profile', profile })
    const s = server()
    await drain(s.send, 8)
    await drain(s.send, null)
    expect(s.got).toEqual([])
    expect(accountView(customer({ id: 8 }), await readAccountEdits()).profileWaiting).toBe(false)
  })

  it('sends address edits made offline in the order they were made, and shows them as they will be', async () => {
    const work = '22222222-2222-4222-8222-222222222222'
    const edits: AccountEdit[] = [
      { kind: 'address.save', address_id: work, address: addressOn('Bree Street'), is_default: false },
      { kind: 'address.default', address_id: work },
      { kind: 'address.remove', address_id: me.addresses[0]!.id! },
    ]
    for (const edit of edits) await queueAccountEdit(7, edit)
    const waiting = await shown()
    expect(waiting.user.addresses.map((a) => [a.street_name, a.is_default])).toEqual([['Bree Street', true]])
    expect([...waiting.addressesWaiting]).toEqual([work])
    const s = server(offline)
    await drain(s.send)
    await drain(s.send)
    expect(s.got.slice(1).map((g) => g.request.edit.kind)).toEqual(['address.save', 'address.default', 'address.remove'])
    expect((await readKnownCustomer())?.addresses.map((a) => a.street_name)).toEqual(['Bree Street'])
    expect((await shown()).addressesWaiting.size).toBe(0)
  })
})
