import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../../src/domain/languageCodes.ts'
import { formatRand } from '../../../src/domain/money.ts'
import { PUSH_KINDS, type PushKind } from '../../../src/domain/push.ts'
import { setShopOrigin, shopOrigin } from '../../../server/mail/shopOrigin.ts'
import type { PushValuesOf } from '../../../server/push/messages.ts'
import { MAX_PAYLOAD_BYTES, renderPush } from '../../../server/push/render.ts'

const origin = 'https://shop.seed.co.za'
/** The longest names a customer or the network can give (a SIM name is 40 characters; a bundle's name up to 200), in characters that take several bytes. */
const longName = '🌍Ñ'.repeat(100)
const values: { [K in PushKind]: PushValuesOf[K] } = {
  payment_received: { orderNumber: 'SO-2026-000123', amount: 1299.5 },
  payment_failed: { orderNumber: 'SO-2026-000123', amount: 1299.5 },
  refund_made: { orderNumber: 'SO-2026-000123', amount: 99 },
  plan_changed: { sim: longName, plan: longName },
  bundle_credited: { sim: longName, bundle: longName },
  usage_50: { sim: longName, balance: 'data' },
  usage_80: { sim: longName, balance: 'data' },
  usage_100: { sim: longName, balance: 'data' },
  sim_activated: { sim: longName },
  rica_verified: { sim: longName },
  rica_failed: { sim: longName },
}

let before = ''
beforeAll(() => {
  before = shopOrigin()
  setShopOrigin(origin)
})
afterAll(() => setShopOrigin(before))

const render = <K extends PushKind>(kind: K, language: (typeof LANGUAGES)[number]) =>
  renderPush({ kind, values: values[kind], language, path: '/service/7', topic: 'sim-7' })

describe('push notifications as Declarative Web Push JSON', () => {
  for (const kind of PUSH_KINDS)
    it(`renders ${kind} in every language, under 2 KB, opening a page of this shop`, async () => {
      const english = JSON.parse(await render(kind, 'en'))
      for (const language of LANGUAGES) {
        const json = await render(kind, language)
        expect(Buffer.byteLength(json)).toBeLessThan(MAX_PAYLOAD_BYTES)
        const push = JSON.parse(json)
        expect(push).toMatchObject({ web_push: 8030, mutable: false, kind, notification: { lang: language, dir: 'ltr', tag: 'sim-7', silent: false } })
        expect(new URL(push.notification.navigate).origin).toBe(origin)
        expect(push.notification.navigate).toBe(`${origin}/service/7`)
        for (const text of [push.notification.title, push.notification.body]) {
          expect(text.length).toBeGreaterThan(3)
          expect(text).not.toMatch(/[{}]|push\./) // every placeholder filled, no message id shown
        }
        // Written in the device's language, not English with another lang attribute.
        if (language !== 'en') expect(push.notification.body).not.toBe(english.notification.body)
      }
    })

  it('formats amounts with the shop money format of the language, and names the order', async () => {
    expect(JSON.parse(await render('payment_received', 'en')).notification.body).toContain(formatRand(1299.5, 'en'))
    expect(JSON.parse(await render('payment_received', 'af')).notification.body).toContain(formatRand(1299.5, 'af'))
    expect(formatRand(1299.5, 'af')).toMatch(/299,50$/)
    expect(JSON.parse(await render('refund_made', 'xh')).notification.body).toContain('SO-2026-000123')
  })

  it('names what a usage alert counts in the device language', async () => {
    const alert = (balance: PushValuesOf['usage_80']['balance'], language: (typeof LANGUAGES)[number]) =>
      renderPush({ kind: 'usage_80', values: { sim: 'Home', balance }, language, path: '/service/7', topic: 'usage-x' }).then(
        (json) => JSON.parse(json).notification.body,
      )
    expect(await alert('data', 'en')).toBe('Home has used 80% of its data. Buy a bundle in time to stay connected.')
    expect(await alert('voice', 'en')).toContain('80% of its minutes')
    expect(await alert('data', 'xh')).toContain('i-80% yedatha yayo')
    expect(await alert('sms', 'af')).toContain('80% van sy SMS’e')
  })

  it('cuts a long name so the payload stays small', async () => {
    const body: string = JSON.parse(await render('bundle_credited', 'en')).notification.body
    expect(body).toContain('…')
    expect(body).not.toContain(longName)
  })

  it('opens only paths of this shop', async () => {
    for (const path of ['https://evil.example/x', '//evil.example/x', 'orders/1'])
      await expect(renderPush({ kind: 'payment_received', values: values.payment_received, language: 'en', path, topic: 'order-1' })).rejects.toThrow()
  })
})
