import { describe, expect, it } from 'vitest'
import { queuePush } from '../../../server/push/notify.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { pushRowsOf, subscribeDevice } from '../helpers/push.ts'

const payment = (orderId: number) => ({
  kind: 'payment_received' as const,
  eventKey: `payment:${orderId}`,
  values: { orderNumber: `SO-${orderId}`, amount: 299 },
  path: `/orders/${orderId}`,
  topic: `order-${orderId}`,
})

/** A South African time (UTC+2). */
const sast = (text: string) => new Date(`${text}+02:00`)

describe('queuePush', () => {
  const env = useAccountsApp({ customer: false })

  it('queues one row per subscription wanting the category, in each device language, once per event', async () => {
    const me = await signUp(env.app)
    const phone = await subscribeDevice(env.t.db, me.id, { categories: ['payments'], language: 'xh' })
    const laptop = await subscribeDevice(env.t.db, me.id, { categories: ['payments', 'usage'], language: 'af' })
    await subscribeDevice(env.t.db, me.id, { categories: ['usage'] })
    await subscribeDevice(env.t.db, me.id, { categories: [] })
    const other = await signUp(env.app)
    await subscribeDevice(env.t.db, other.id)
    const now = sast('2026-11-30T12:00:00')

    expect(await env.t.db.transaction((tx) => queuePush(tx, { customerId: me.id, ...payment(41), now }))).toBe(2)
    // The same event again (a repeated webhook): nothing more.
    expect(await env.t.db.transaction((tx) => queuePush(tx, { customerId: me.id, ...payment(41), now }))).toBe(0)

    const rows = await pushRowsOf(env.t.db, me.id)
    expect(rows.map((r) => r.subscription_id)).toEqual([phone, laptop])
    expect(rows.map((r) => JSON.parse(r.payload).notification.lang)).toEqual(['xh', 'af'])
    expect(JSON.parse(rows[0]!.payload).notification.title).toBe('Intlawulo ifikile')
    expect(JSON.parse(rows[1]!.payload).notification.title).toBe('Betaling ontvang')
    for (const row of rows) {
      expect(row).toMatchObject({ kind: 'payment_received', event_key: 'payment:41', topic: 'order-41', urgency: 'normal' })
      expect(row.next_attempt_at.getTime()).toBe(now.getTime())
      expect(row.expires_at.getTime()).toBe(now.getTime() + 24 * 60 * 60 * 1000)
    }
    expect(await pushRowsOf(env.t.db, other.id)).toEqual([])
  })

  it('holds kinds that are not urgent until the end of the device quiet hours, and sends urgent ones at once', async () => {
    const me = await signUp(env.app)
    await subscribeDevice(env.t.db, me.id, { quietFrom: 20 * 60, quietUntil: 7 * 60 })
    const night = sast('2026-11-30T23:15:00')
    await env.t.db.transaction(async (tx) => {
      await queuePush(tx, { customerId: me.id, ...payment(50), now: night })
      await queuePush(tx, { customerId: me.id, ...payment(51), kind: 'payment_failed', eventKey: 'payment-failed:51', now: night })
    })
    const [received, failed] = await pushRowsOf(env.t.db, me.id)
    expect(received!.next_attempt_at.toISOString()).toBe(sast('2026-12-01T07:00:00').toISOString())
    expect(failed!.next_attempt_at.toISOString()).toBe(night.toISOString())
    expect(failed!.urgency).toBe('high')
  })

  it('waits for notBefore (a usage alert settling), then for quiet hours', async () => {
    const me = await signUp(env.app)
    await subscribeDevice(env.t.db, me.id, { quietFrom: 20 * 60, quietUntil: 7 * 60 })
    const evening = sast('2026-11-30T19:59:58')
    await env.t.db.transaction((tx) =>
      queuePush(tx, {
        customerId: me.id,
        kind: 'usage_80',
        eventKey: 'usage:1:x:80',
        values: { sim: 'Home', balance: 'data' },
        path: '/service/1',
        topic: 'usage-x',
        notBefore: new Date(evening.getTime() + 5000),
        now: evening,
      }),
    )
    const [row] = await pushRowsOf(env.t.db, me.id)
    expect(row!.next_attempt_at.toISOString()).toBe(sast('2026-12-01T07:00:00').toISOString())
    expect(row!.expires_at.getTime() - evening.getTime()).toBe(12 * 60 * 60 * 1000)
  })

  it('queues nothing for a customer without subscriptions, and nothing if the event rolls back', async () => {
    const me = await signUp(env.app)
    expect(await env.t.db.transaction((tx) => queuePush(tx, { customerId: me.id, ...payment(60) }))).toBe(0)
    await subscribeDevice(env.t.db, me.id)
    await expect(
      env.t.db.transaction(async (tx) => {
        await queuePush(tx, { customerId: me.id, ...payment(61) })
        throw new Error('the event failed')
      }),
    ).rejects.toThrow('the event failed')
    expect(await pushRowsOf(env.t.db, me.id)).toEqual([])
  })
})
