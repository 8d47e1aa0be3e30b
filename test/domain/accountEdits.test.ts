import { describe, expect, it } from 'vitest'
import { applyEdit, editFact } from '../../src/domain/accountEdits.ts'
import { applyAccountFact, editOf, noAccountEdits } from '../../src/domain/facts/accountFacts.ts'
import { addressLine } from '../../src/domain/accountView.ts'
import { makeFact, type AccountFact, type FactStamp } from '../../src/domain/events.ts'
import type { AccountEdit } from '../../src/domain/profile.ts'
import { addressOn, customer } from '../machines/authHarness.ts'

const ids = { home: '11111111-1111-4111-8111-111111111111', work: '22222222-2222-4222-8222-222222222222' }
const me = customer({ addresses: [{ ...addressOn('Long Street'), id: ids.home, is_default: true }] })
const streets = (edits: AccountEdit[]) => edits.reduce(applyEdit, me).addresses.map((a) => `${a.street_name}${a.is_default ? ' (default)' : ''}`)
const stamp = (id: string) => ({ id, occurredAt: '2026-03-01T08:00:00.000Z' })

describe('an account edit as the view shows it before the server answers', () => {
  it('adds, replaces, chooses and removes addresses by the rules the server keeps', () => {
    const add: AccountEdit = { kind: 'address.save', address_id: ids.work, address: addressOn('Bree Street'), is_default: false }
    expect(streets([add])).toEqual(['Long Street (default)', 'Bree Street'])
    expect(streets([add, { ...add, address: addressOn('Loop Street'), is_default: true }])).toEqual(['Long Street', 'Loop Street (default)'])
    expect(streets([add, { kind: 'address.default', address_id: ids.work }])).toEqual(['Long Street', 'Bree Street (default)'])
    expect(streets([add, { kind: 'address.remove', address_id: ids.home }])).toEqual(['Bree Street (default)'])
    // The last address stays, as the server refuses to remove it.
    expect(streets([{ kind: 'address.remove', address_id: ids.home }])).toEqual(['Long Street (default)'])
  })

  it('changes the personal details but never the ID number or the email', () => {
    const profile = { first_name: 'Thandeka', last_name: 'Mthembu', phone: '0219876543', mobile: '' }
    expect(applyEdit(me, { kind: 'profile', profile })).toEqual({ ...me, ...profile })
  })

  it('reads every edit back from its fact', () => {
    const edits: AccountEdit[] = [
      { kind: 'profile', profile: { first_name: 'A', last_name: 'B', phone: '0211234567', mobile: '' } },
      { kind: 'address.save', address_id: ids.work, address: addressOn('Bree Street'), is_default: true },
      { kind: 'address.remove', address_id: ids.work },
      { kind: 'address.default', address_id: ids.home },
    ]
    for (const edit of edits) expect(editOf(editFact(7, edit, stamp('e')) as AccountFact)).toEqual({ customerId: 7, edit })
  })
})

describe('the account projection', () => {
  const fold = (...facts: unknown[]) => (facts as (AccountFact & FactStamp)[]).reduce(applyAccountFact, noAccountEdits())
  const edited = editFact(7, { kind: 'profile', profile: { first_name: 'A', last_name: 'B', phone: '0211234567', mobile: '' } }, stamp('e1'))

  it('holds an edit until the server answers it', () => {
    expect(fold(edited).pending).toHaveLength(1)
    expect(fold(edited, makeFact('v1.AccountEditAcknowledged', { editId: 'e1', user: me }, stamp('a1')))).toEqual(noAccountEdits())
  })

  it('keeps a refused edit with its reason until it is dismissed', () => {
    const refused = makeFact('v1.AccountEditRefused', { editId: 'e1', reason: 'Phone number must be 10 digits.', field: 'phone', status: 400 }, stamp('r1'))
    const state = fold(edited, refused)
    expect(state.pending).toEqual([])
    expect(state.refused).toMatchObject([{ id: 'e1', reason: 'Phone number must be 10 digits.', field: 'phone' }])
    expect(fold(edited, refused, makeFact('v1.AccountRefusalDismissed', { editId: 'e1' }, stamp('d1'))).refused).toEqual([])
  })
})

describe('an address on one line', () => {
  it('leaves out the parts it does not have', () => {
    expect(addressLine({ ...addressOn('Long Street'), unit_number: '4', building_name: 'Harbour View', suburb: 'Gardens' })).toBe(
      '4, Harbour View, 12 Long Street, Gardens, Cape Town, 8001',
    )
  })
})
