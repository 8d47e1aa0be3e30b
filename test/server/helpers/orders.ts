import { randomUUID } from 'node:crypto'
import { DELIVERY_DEFAULTS, PARTNER } from '../../../src/domain/order.ts'
import type { Db } from '../../../server/db/types.ts'
import { catalogue } from '../../../server/seed/products.ts'
import { address, apiKey } from './accounts.ts'
import type { TestApp } from './accounts.ts'

/** A cart line for a seeded product, as the client builds it; overrides let a test lie about the price. */
export function cartLine(productId: number, overrides: Record<string, unknown> = {}) {
  const product = catalogue.find((p) => p.id === productId)
  return {
    cart_id: randomUUID(),
    product_id: productId,
    id: productId,
    name: product?.name ?? `Product ${productId}`,
    unit_price: product?.unit_price ?? 100,
    image: product?.image ?? '/images/products/4g-10mbps.svg',
    product_configs: { value_adds: [], configs: [{ friendly_name: 'Home router', comments: 'Free text' }] },
    ...overrides,
  }
}

/** The body the client posts: a cart order with deliveryAddress, delivery defaults and partner. */
export function orderBody(lines = [cartLine(1)], order: Record<string, unknown> = {}) {
  return {
    order: {
      id: randomUUID(),
      order_lines: lines,
      total: lines.reduce((sum, l) => sum + Number(l.unit_price), 0),
      deliveryAddress: address(),
      delivery: { ...DELIVERY_DEFAULTS },
      partner: { ...PARTNER },
      ...order,
    },
  }
}

interface PostOptions {
  cookie?: string
  /** The Idempotency-Key header: the order's id by default, null to leave it out. */
  key?: string | null
}

/** POST /api/v10/partner/order/{userId} as the client sends it. */
export function postOrder(app: TestApp, userId: number, body: { order: { id: unknown } }, { cookie, key }: PostOptions = {}) {
  const headers: Record<string, string> = { Key: apiKey, 'Content-Type': 'application/json' }
  if (cookie) headers.Cookie = cookie
  const idempotencyKey = key === undefined ? String(body.order.id) : key
  if (idempotencyKey !== null) headers['Idempotency-Key'] = idempotencyKey
  return app.request(`/api/v10/partner/order/${userId}`, { method: 'POST', headers, body: JSON.stringify(body) })
}

export async function countOrders(db: Db, customerId?: number): Promise<number> {
  const [row] =
    customerId === undefined
      ? await db.query<{ n: number }>('select count(*) as n from orders')
      : await db.query<{ n: number }>('select count(*) as n from orders where customer_id = $1', [customerId])
  return row!.n
}
