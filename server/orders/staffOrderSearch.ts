import type { StaffOrderSummary } from '../../src/domain/staffOrderSchemas.ts'
import type { OrderStage } from '../../src/domain/staffOrders.ts'
import type { Queryable } from '../db/types.ts'
import { orderStageSql, simsWaitingSql } from './orderStage.ts'

export const staffOrdersPageSize = 25

export interface StaffOrderQuery {
  /** An order number, a customer's email, a mobile number or a payment id (the provider's payment id or checkout id). */
  q?: string
  stage?: OrderStage
  /** Where the previous page ended (its `next`). */
  cursor?: string
  limit?: number
}

/** A South African mobile number as services hold it: 0 and nine digits (from +27 82 …, 27 82 … or 082 …). */
export function localMobile(q: string): string | null {
  const digits = q.replace(/[\s()+-]/g, '')
  if (!/^\d+$/.test(digits)) return null
  if (/^27\d{9}$/.test(digits)) return `0${digits.slice(2)}`
  return /^0\d{9}$/.test(digits) ? digits : null
}

interface Row {
  order_number: string
  status: string
  stage: OrderStage
  total_price: number
  order_date: Date | string
  email: string
  sims_waiting: number
  rank: number
  key: string
  id: number
}

/**
 * Orders for staff, paid orders with a SIM waiting to be sent first (oldest first: first paid, first sent), then the
 * others newest first; a page at a time, the cursor the last row's sort key. With `q`, the orders it names.
 */
export async function searchStaffOrders(db: Queryable, query: StaffOrderQuery): Promise<{ orders: StaffOrderSummary[]; next: string | null }> {
  const limit = query.limit ?? staffOrdersPageSize
  const q = query.q?.trim() ?? ''
  const cursor = parseCursor(query.cursor)
  const rows = await db.query<Row>(
    `with listed as (
       select o.id, o.order_number, o.status, o.total_price, o.order_date, c.email, ${simsWaitingSql} as sims_waiting, ${orderStageSql} as stage
       from orders o join customers c on c.id = o.customer_id
       where $1 = ''
          or upper(o.order_number) = upper($1)
          or lower(c.email) = lower($1)
          or exists (select 1 from services s where s.order_id = o.id and s.service_number = $2)
          or exists (select 1 from payments p where p.order_id = o.id and (p.transaction_id = $1 or p.registration = $1))
          or exists (select 1 from checkouts k where k.order_id = o.id and k.id = $1)
     ), ranked as (
       select *, case when stage = 'to_dispatch' then 0 else 1 end as rank,
              (case when stage = 'to_dispatch' then 1 else -1 end) * extract(epoch from order_date)::numeric as key
       from listed where $3::text is null or stage = $3
     )
     select order_number, status, stage, total_price, order_date, email, sims_waiting, rank, key::text as key, id from ranked
     where $4::int is null or (rank, key, id) > ($4::int, $5::numeric, $6::bigint)
     order by rank, key, id
     limit $7`,
    [q, localMobile(q), query.stage ?? null, cursor?.rank ?? null, cursor?.key ?? null, cursor?.id ?? null, limit + 1],
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    orders: page.map((r) => ({
      number: r.order_number,
      status: r.status,
      stage: r.stage,
      total_price: Number(r.total_price),
      order_date: new Date(r.order_date).toISOString(),
      email: r.email,
      sims_waiting: Number(r.sims_waiting),
    })),
    next: rows.length > limit && last ? `${last.rank}_${last.key}_${last.id}` : null,
  }
}

function parseCursor(cursor: string | undefined): { rank: number; key: string; id: number } | undefined {
  const m = /^([01])_(-?\d+(?:\.\d+)?)_(\d+)$/.exec(cursor ?? '')
  return m ? { rank: Number(m[1]), key: String(m[2]), id: Number(m[3]) } : undefined
}
