import { ORDER_STATUS_NEW } from '../../src/domain/order.ts'

/**
 * Where an order stands for staff, as SQL over `orders o`: unpaid, cancelled, paid with a SIM waiting to be sent (being
 * prepared, or to be sent again after RICA failed), with a SIM on its way, or paid and done with.
 */
export const orderStageSql = `case
  when o.status = '${ORDER_STATUS_NEW}' then 'unpaid'
  when lower(o.status) like '%cancel%' then 'cancelled'
  when exists (select 1 from services w where w.order_id = o.id and w.life in ('preparing', 'rica_failed')) then 'to_dispatch'
  when exists (select 1 from services w where w.order_id = o.id and w.life = 'on_its_way') then 'on_its_way'
  else 'paid' end`

/** How many SIMs of `orders o` wait to be sent. */
export const simsWaitingSql = `(select count(*) from services w where w.order_id = o.id and w.life in ('preparing', 'rica_failed'))::int`

/** The paid orders with a SIM waiting to be sent (the toDispatch queue). */
export const toDispatchSql = `select count(*)::int as n from orders o where (${orderStageSql}) = 'to_dispatch'`
