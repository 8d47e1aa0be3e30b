-- A checkout the server no longer offers: a later one for the same order replaced it, or its customer was deleted.
-- It stays open (settled_at null) so the worker still finds a payment someone made on it before it expired.
alter table checkouts add column voided_at timestamptz;

-- How a payment stands in reconciliation: credited (it paid its order) or refund_due (money taken that paid nothing:
-- a second payment of a paid order, a payment on a voided checkout, a payment of an order whose customer was deleted).
alter table payments add column reconciliation text not null default 'credited' check (reconciliation in ('credited', 'refund_due'));
alter table payments add column refund_reason text check (refund_reason in ('already paid', 'voided checkout', 'no customer'));

create index payments_refund_due on payments (effective_date) where reconciliation = 'refund_due';
