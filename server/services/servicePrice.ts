import type { Queryable } from '../db/types.ts'

/** What a SIM costs per cycle from a moment on: the price it was bought at, then each package change's. */
export interface PriceHistory {
  /** The order line's price: what the first cycle cost. */
  first: number
  /** Package changes not taken back, oldest first: from `from` on, the cycle costs `price`. */
  changes: { from: Date; price: number }[]
}

/** The price of the cycle that starts at `at`. */
export function priceAt(history: PriceHistory, at: Date): number {
  let price = history.first
  for (const change of history.changes) if (change.from <= at) price = change.price
  return price
}

/** A SIM's price history: its order line's price and its package changes waiting or made. */
export async function priceHistory(db: Queryable, service: { id: number; order_id: number; order_line: number }): Promise<PriceHistory> {
  const [line] = await db.query<{ unit_price: number }>('select unit_price from order_lines where order_id = $1 and number = $2', [
    service.order_id,
    service.order_line,
  ])
  const changes = await db.query<{ due_at: Date | string; unit_price: number }>(
    `select due_at, unit_price from service_actions
     where service_id = $1 and kind = 'plan_change' and status in ('scheduled', 'applied') order by due_at, id`,
    [service.id],
  )
  return { first: line?.unit_price ?? 0, changes: changes.map((c) => ({ from: new Date(c.due_at), price: c.unit_price })) }
}
