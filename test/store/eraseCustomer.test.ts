import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { commit, restoreProjection } from '../../src/store/commit.ts'
import { closeStore, type StoreDb } from '../../src/store/db.ts'
import { eraseCustomer } from '../../src/store/eraseCustomer.ts'
import { enqueue, queuedRow } from '../../src/outbox/table.ts'
import { saveOrders } from '../../src/store/orderCache.ts'
import { savePortalAnswer } from '../../src/store/portalCache.ts'
import { registeredProjections } from '../../src/store/projections.ts'
import { readCheckout, readKnownCustomer, readLocalOrders } from '../../src/store/queries.ts'
import { customer } from '../machines/authHarness.ts'
import { added, fact, freshStore } from './fixtures.ts'
import { placeQueuedOrder, serverOrder } from './orderFixtures.ts'

const leaving = customer({ id: 7, email: 'leaving@example.co.za', id_number: '8501015800087', first_name: 'Ayanda' })
const staying = customer({ id: 8, email: 'staying@example.co.za', id_number: '9202025800088', first_name: 'Sipho' })
const checkout = (id: string, order: number) => ({
  checkoutId: id,
  order_id: order,
  order_number: `SO-${order}`,
  amount: '299.00',
  currency: 'ZAR',
  scriptUrl: `/sandbox/payments/v1/paymentWidgets.js?checkoutId=${id}`,
})
const at = '2026-11-25T10:00:00.000Z'
const stamp = { id: 'erase-1', occurredAt: at }

let store: StoreDb
let theirOrder: string
let otherOrder: string

beforeEach(async () => {
  store = await freshStore()
  // Another customer used this phone before: what is theirs must stay.
  await commit(fact('v1.CustomerSignedIn', { user: staying }))
  otherOrder = await placeQueuedOrder(8)
  await commit(fact('v1.PaymentCheckoutCreated', { checkout: checkout('8ac7a4c8other0001.sandbox', 40), customerId: 8 }))
  await commit(fact('v1.CustomerSignedOut', {}))
  await commit(added('cart-a'))
  await commit(fact('v1.CustomerSignedIn', { user: leaving }))
  theirOrder = await placeQueuedOrder(7)
  await commit(fact('v1.OrderAcknowledged', { clientId: theirOrder, order: serverOrder(41) }))
  await commit(fact('v1.PaymentCheckoutCreated', { checkout: checkout('8ac7a4c8their0001.sandbox', 41), customerId: 7 }))
  await commit(
    fact('v1.PaymentResultReceived', {
      customerId: 7,
      orderId: 41,
      checkoutId: null,
      method: 'wallet',
      status: 200,
      result: { code: '000.100.110', description: 'ok' },
    }),
  )
  // Their account edits and a SIM name, each with the server's answer.
  await commit(fact('v1.ProfileEdited', { customerId: 7, profile: { first_name: 'Nomvula', last_name: 'Dlamini', phone: '0211234567', mobile: '' } }, 'edit-1'))
  await commit(fact('v1.AccountEditRefused', { editId: 'edit-1', reason: 'no', field: null, status: 422 }))
  const home = {
    ...{ unit_number: '', floor_level: '', building_name: '', suburb: '', country: 'South Africa', gps_coordinates: null, deliver_to: '' },
    ...{ street_number: '9', street_name: 'Zwelitsha Crescent', city: 'Gqeberha', province: 'Eastern Cape', postal_code: '6001' },
  }
  await commit(fact('v1.AddressSaved', { customerId: 7, address_id: '0b6f5d5e-4a4b-4c4d-8e8f-9a9b9c9d9e9f', address: home, is_default: false }, 'edit-2'))
  await commit(fact('v1.SimRenamed', { customerId: 7, serviceId: 7001, name: 'Gogo se foon' }, 'rename-1'))
  await commit(fact('v1.SimRenameAcknowledged', { renameId: 'rename-1', customerId: 7, serviceId: 7001, name: 'Gogo se foon', answeredAt: at }))
  await enqueue(queuedRow('support-1', 'support.message', { message: 'mine' }, 7))
  await enqueue(queuedRow('support-2', 'support.message', { message: 'signed out' }))
  await saveOrders(7, [serverOrder(41)], at)
  await saveOrders(8, [serverOrder(40)], at)
  await savePortalAnswer(7, { kind: 'billing', body: [] }, at)
  await savePortalAnswer(8, { kind: 'billing', body: [] }, at)
  // Snapshots taken while the leaving customer was known: they hold the profile too.
  for (const projection of registeredProjections()) await restoreProjection(store, projection, 1)
})
afterEach(() => closeStore({ delete: true }))

const text = async (table: 'events' | 'snapshots' | 'customer' | 'orders' | 'payments' | 'outbox' | 'account' | 'simNames') =>
  JSON.stringify(await store.table(table).toArray())

describe('erasing a deleted customer from the device', () => {
  it('holds them before, so the checks below can fail', async () => {
    expect(await readKnownCustomer()).toMatchObject({ id: 7 })
    expect(await text('events')).toContain(leaving.id_number)
    expect(await text('snapshots')).toContain(leaving.email)
    expect(await text('account')).toContain('Zwelitsha')
    expect(await text('simNames')).toContain('Gogo se foon')
  })

  it('records the deletion as a fact and forgets the customer, their orders and their payments', async () => {
    await eraseCustomer(7, stamp)
    expect(await store.events.where('type').equals('v1.AccountDeleted').toArray()).toMatchObject([{ id: 'erase-1', payload: { customerId: 7 } }])
    expect(await readKnownCustomer()).toBeNull()
    expect(await readLocalOrders(7)).toEqual([])
    expect(await readCheckout(7, '8ac7a4c8their0001.sandbox')).toBeNull()
    const payments = await store.payments.get('payments')
    expect(Object.keys(payments!.state.byOrder)).toEqual([])
  })

  it('leaves nothing of them in the log, the snapshots, the read models or the outbox', async () => {
    await eraseCustomer(7, stamp)
    for (const table of ['events', 'snapshots', 'customer', 'orders', 'payments', 'outbox', 'account', 'simNames'] as const) {
      const held = await text(table)
      for (const trace of [
        leaving.email,
        leaving.id_number,
        leaving.first_name,
        theirOrder,
        '8ac7a4c8their0001.sandbox',
        'Nomvula',
        'Zwelitsha',
        'Gogo se foon',
      ])
        expect(held, table).not.toContain(trace)
    }
    expect(await store.outbox.get('support-1')).toBeUndefined()
    expect(await store.orderCache.where('customerId').equals(7).count()).toBe(0)
    expect(await store.portalCache.where('customerId').equals(7).count()).toBe(0)
  })

  it("keeps another customer's orders, checkouts, caches and a message sent signed out, and the cart", async () => {
    await eraseCustomer(7, stamp)
    expect(await readLocalOrders(8)).toMatchObject([{ clientId: otherOrder }])
    expect(await readCheckout(8, '8ac7a4c8other0001.sandbox')).not.toBeNull()
    expect(await store.outbox.get(otherOrder)).toBeDefined()
    expect(await store.outbox.get('support-2')).toBeDefined()
    expect(await store.orderCache.where('customerId').equals(8).count()).toBe(1)
    expect(await store.portalCache.where('customerId').equals(8).count()).toBe(1)
    expect(await text('events')).toContain(staying.id_number)
    expect(await store.events.where('type').equals('v1.CartLineAdded').count()).toBe(1)
  })

  it('rebuilds every read model from the log alone to what it shows now: nothing comes back', async () => {
    await eraseCustomer(7, stamp)
    for (const projection of registeredProjections()) {
      const shown = (await store.table(projection.table).get(projection.name)).state
      await store.snapshots.clear()
      await store.table(projection.table).clear()
      expect(await restoreProjection(store, projection), projection.name).toEqual(shown)
    }
  })
})
