import { describe, expect, it } from 'vitest'
import { customer } from '../machines/authHarness.ts'
import { checkFact } from '../../src/domain/factCheck.ts'
import {
  factDefinitions,
  isAccountFact,
  isAuthFact,
  isCartFact,
  isOrderFact,
  isPaymentFact,
  isServiceFact,
  makeFact,
  type FactPayload,
  type FactType,
} from '../../src/domain/events.ts'
import type { User } from '../../src/domain/account.ts'
import type { Order } from '../../src/domain/order.ts'
import { toCreateOrderRequest } from '../../src/features/orders/orderRequest.ts'
import { line } from '../store/fixtures.ts'

const clientId = '0b9f7c1e-2c4a-4a51-9a8e-3b1f7d2e6c10'
const address = { street_number: '1', street_name: 'Main Road', city: 'Durban', province: 'KwaZulu-Natal', postal_code: '4001' }
const savedAddress = {
  ...address,
  unit_number: '',
  floor_level: '',
  building_name: '',
  suburb: '',
  country: 'South Africa',
  gps_coordinates: null,
  deliver_to: '',
}
const order: Order = {
  id: 9,
  order_id: 9,
  number: 'SO-000009',
  order_number: 'SO-000009',
  status: 'Payment not Completed',
  orderDate: '2025-03-01',
  order_date: null,
  total_price: 299,
  order_lines: [{ number: 1, product_id: 11, name: 'LTE', unit_price: 299, status: '' }],
}
const user: User = customer({ id: 3 })
const checkout = {
  checkoutId: '8ac7a4c8lab0000000000000000000001.lab',
  order_id: 9,
  order_number: 'SO-000009',
  amount: '299.00',
  currency: 'ZAR',
  scriptUrl: '/sandbox/payments/v1/paymentWidgets.js?checkoutId=lab',
}

/** A payload of every kind of fact: a new definition without one here does not compile. */
const samples: { [T in FactType]: FactPayload<T> } = {
  'v1.CartLineAdded': { line: line('a') },
  'v1.CartLineRemoved': { cart_id: 'a' },
  'v1.CartLineRenamed': { cart_id: 'a', friendly_name: 'Home router' },
  'v1.CartCleared': {},
  'v1.CustomerSignedIn': { user },
  'v1.CustomerSignedOut': {},
  'v1.AccountDeleted': { customerId: 3 },
  'v1.OrderPlaced': { order: toCreateOrderRequest(clientId, { order_lines: [line('a')], total: 299 }, address).order, customerId: 3 },
  'v1.OrderAcknowledged': { clientId, order },
  'v1.OrderRejected': { clientId, reason: 'gone', status: 422 },
  'v1.OrderReturnedToCart': { clientId },
  'v1.PaymentCheckoutCreated': { checkout, customerId: 3 },
  'v1.PaymentResultReceived': {
    customerId: 3,
    orderId: 9,
    checkoutId: null,
    method: 'wallet',
    status: 200,
    result: { code: '000.100.110', description: 'ok' },
  },
  'v1.ProfileEdited': { customerId: 3, profile: { first_name: 'Thandeka', last_name: 'Nkosi', phone: '0211234567', mobile: '' } },
  'v1.AddressSaved': { customerId: 3, address_id: clientId, address: savedAddress, is_default: true },
  'v1.AddressRemoved': { customerId: 3, address_id: clientId },
  'v1.DefaultAddressChosen': { customerId: 3, address_id: clientId },
  'v1.AccountEditAcknowledged': { editId: clientId, user },
  'v1.AccountEditRefused': { editId: clientId, reason: 'Phone number must be 10 digits.', field: 'phone', status: 400 },
  'v1.AccountRefusalDismissed': { editId: clientId },
  'v1.LanguageChosen': { language: 'xh' },
  'v1.InstallOfferDeclined': {},
  'v1.InstallHintDismissed': {},
  'v1.SimRenamed': { customerId: 3, serviceId: 12, name: 'Home Wi-Fi' },
  'v1.SimRenameAcknowledged': { renameId: clientId, customerId: 3, serviceId: 12, name: 'Home Wi-Fi', answeredAt: '2025-03-01T08:00:01.000Z' },
  'v1.SimRenameRejected': { renameId: clientId, customerId: 3, serviceId: 12, reason: 'This SIM is cancelled and can no longer be changed.' },
}
const types = Object.keys(factDefinitions) as FactType[]
const stamp = { id: 'fact-1', occurredAt: '2025-03-01T08:00:00.000Z' }
const sample = <T extends FactType>(type: T) => makeFact(type, samples[type], stamp)

describe('fact definitions', () => {
  it.each(types)('makes %s with its stream and version, and reads it back unchanged', (type) => {
    const fact = sample(type)
    expect(fact).toEqual({ type, payload: samples[type], ...stamp, stream: factDefinitions[type].stream, v: factDefinitions[type].version })
    expect(checkFact(JSON.parse(JSON.stringify(fact)))).toEqual({ ok: true, fact })
  })

  it('names each fact after its version', () => {
    for (const type of types) expect(type.startsWith(`v${factDefinitions[type].version}.`)).toBe(true)
  })

  it('tells the facts of each stream apart by their definition', () => {
    const kinds = (guard: (fact: { type: string }) => boolean) => types.filter((type) => guard({ type }))
    expect(kinds(isCartFact)).toEqual(['v1.CartLineAdded', 'v1.CartLineRemoved', 'v1.CartLineRenamed', 'v1.CartCleared'])
    expect(kinds(isAuthFact)).toEqual(['v1.CustomerSignedIn', 'v1.CustomerSignedOut', 'v1.AccountDeleted'])
    expect(kinds(isOrderFact)).toEqual(['v1.OrderPlaced', 'v1.OrderAcknowledged', 'v1.OrderRejected', 'v1.OrderReturnedToCart'])
    expect(kinds(isPaymentFact)).toEqual(['v1.PaymentCheckoutCreated', 'v1.PaymentResultReceived'])
    expect(kinds(isAccountFact)).toEqual([
      'v1.ProfileEdited',
      'v1.AddressSaved',
      'v1.AddressRemoved',
      'v1.DefaultAddressChosen',
      'v1.AccountEditAcknowledged',
      'v1.AccountEditRefused',
      'v1.AccountRefusalDismissed',
    ])
    expect(kinds(isServiceFact)).toEqual(['v1.SimRenamed', 'v1.SimRenameAcknowledged', 'v1.SimRenameRejected'])
    expect(isCartFact({ type: 'toString' })).toBe(false)
  })
})

describe('reading a stored fact', () => {
  const stored = (change: Record<string, unknown>) => ({ ...sample('v1.CartLineRemoved'), seq: 4, ...change })

  it('drops what the log adds (seq) and keeps the fact', () => {
    expect(checkFact(stored({}))).toEqual({ ok: true, fact: sample('v1.CartLineRemoved') })
  })

  it.each([
    ['a payload its schema refuses', { payload: { cart_id: 7 } }, /v1.CartLineRemoved: .*cart_id/s],
    ['a kind of fact this build does not know', { type: 'v1.CartLineSold' }, /not a fact this app knows/],
    ['a fact filed in another stream', { stream: 'orders' }, /belongs to the cart stream, not orders/],
    ['a version its name does not carry', { v: 2 }, /stored as version 2/],
    ['a version newer than this build', { type: 'v2.CartLineRemoved', v: 2 }, /newer than this app's v1/],
    ['no id', { id: '' }, /id/],
    ['a time that is not one', { occurredAt: 'yesterday' }, /occurredAt/],
    ['no payload', { payload: undefined }, /payload/],
  ])('refuses %s', (_, change, problem) => {
    const checked = checkFact(stored(change))
    expect(checked.ok).toBe(false)
    expect(checked.ok ? '' : checked.problem).toMatch(problem)
  })

  it('refuses a SIM name its rule refuses, so no bad name is ever written', () => {
    const renamed = (name: string) => ({ ...sample('v1.SimRenamed'), payload: { customerId: 3, serviceId: 12, name } })
    expect(checkFact(renamed('')).ok).toBe(false)
    expect(checkFact(renamed('x'.repeat(41))).ok).toBe(false)
    expect(checkFact(renamed('x'.repeat(40))).ok).toBe(true)
  })

  it('refuses what is not a fact at all, without throwing', () => {
    for (const row of [null, 'v1.CartCleared', 42, []]) expect(checkFact(row).ok).toBe(false)
  })
})
