/** What is left to give back of payment `p`: its amount in cents less the refunds made or being made from it. */
export const remainingSql = `round(p.amount * 100)::float8 - coalesce((select sum(amount_cents) from refunds r where r.payment_id = p.id and r.status in ('pending', 'refunded')), 0)::float8`

/** Money owed back: payments marked refund_due, until refunded in full (the back office's queue and the metrics count the same). */
export const refundsDueWhere = `p.reconciliation = 'refund_due' and ${remainingSql} > 0`
