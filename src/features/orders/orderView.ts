import type { OrderBundle } from '../../domain/bundle.ts'
import type { OrderLine } from '../../domain/cartState.ts'
import { statusLook, type Order, type OrderSim, type StatusLook } from '../../domain/order.ts'
import type { LocalOrder } from '../../domain/facts/orderFacts.ts'
import type { OrderRefund } from '../../domain/order.ts'
import type { PriceChange } from '../../domain/cartPrices.ts'
import { orderedPriceChange } from '../../domain/orderedPrice.ts'

/** One order as the screens show it, whether the server knows it yet or not. */
export interface OrderView {
  /** The route param of its page: the server id once known, else the client id. */
  id: string
  number: string | null
  date: string
  status: string
  look: StatusLook | 'waiting' | 'rejected'
  total: number
  lines: { number: string; name: string; unit_price: number; status: string }[]
  /** A local order not yet sent, or refused: not payable. */
  local: LocalOrder | null
  /** What the order buys when it is a bundle for a SIM (ADD VAS): its line is named in the customer's language. */
  bundle: OrderBundle | null
  /** The SIMs the order's lines became, with their life (none until the server says). */
  sims: OrderSim[]
  /** What was refunded of the order's payments, and when (kept with the order's copy, so shown offline too). */
  refunds: OrderRefund[]
  /**
   * The total this device ordered at, and the server's, when they differ: a queued order sent after a price change is
   * placed at the catalogue's price of the moment it arrives, and the customer is told before paying.
   */
  priceChange: PriceChange | null
}

const linesOf = (lines: readonly OrderLine[]) => lines.map((l, i) => ({ number: String(i + 1), name: l.name, unit_price: l.unit_price, status: '' }))

export function fromServer(order: Order, local: LocalOrder | null = null): OrderView {
  return {
    id: String(order.id),
    number: order.number || order.order_number || null,
    date: order.orderDate || order.order_date || '',
    status: order.status,
    look: statusLook(order.status),
    total: order.total_price,
    lines: (order.order_lines ?? []).map((l, i) => ({ number: String(l.number ?? i + 1), name: l.name, unit_price: l.unit_price, status: l.status })),
    local,
    bundle: order.bundle ?? null,
    sims: order.services ?? [],
    refunds: order.refunds ?? [],
    priceChange: orderedPriceChange(local, order.total_price),
  }
}

export function fromLocal(order: LocalOrder): OrderView {
  if (order.state === 'sent' && order.server) return fromServer(order.server, order)
  return {
    id: order.clientId,
    number: null,
    date: order.placedAt,
    status: order.state,
    look: order.state === 'rejected' ? 'rejected' : 'waiting',
    total: order.total,
    lines: linesOf(order.lines),
    local: order,
    bundle: null,
    sims: [],
    refunds: [],
    priceChange: null,
  }
}

/** Local orders not yet answered first, then the server's list (fresher than a local copy), newest first. */
export function mergeOrders(local: readonly LocalOrder[], cached: readonly Order[]): OrderView[] {
  const cachedIds = new Set(cached.map((o) => String(o.id)))
  const pending = local.filter((o) => o.state !== 'sent').map(fromLocal)
  const sentNotListed = local.filter((o) => o.state === 'sent' && o.server && !cachedIds.has(String(o.server.id))).map(fromLocal)
  const server = [...sentNotListed, ...cached.map((o) => fromServer(o))]
  const time = (v: OrderView) => Date.parse(v.date) || 0
  server.sort((a, b) => time(b) - time(a))
  return [...pending, ...server]
}

/** The order behind a route param: a client id or a server id. */
export function findOrder(id: string, local: readonly LocalOrder[], cached: readonly Order[]): OrderView | null {
  const mine = local.find((o) => o.clientId === id || (o.server && String(o.server.id) === id))
  const server = cached.find((o) => String(o.id) === id)
  if (server) return fromServer(server, mine ?? null)
  return mine ? fromLocal(mine) : null
}

/** Page `page` (1-based) of `size` items, with the page count (at least 1). */
/** The orders screen takes the latest 20 orders (newest first, as mergeOrders gives them). */
export const ORDERS_SHOWN = 20

/** The orders the screen lists and how many older ones it leaves out (the bill lists every order). */
export function latestOrders<T>(orders: readonly T[]): { shown: T[]; older: number } {
  return { shown: orders.slice(0, ORDERS_SHOWN), older: Math.max(0, orders.length - ORDERS_SHOWN) }
}

export function paginate<T>(items: readonly T[], page: number, size = 8): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size))
  const current = Math.min(Math.max(1, page), pages)
  return { items: items.slice((current - 1) * size, current * size), page: current, pages }
}
