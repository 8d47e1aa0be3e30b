-- Bundles (ADD VAS). A bundle is bought through an order of its own, paid like any other order (the same card
-- checkouts, wallet payments, reconciliation and webhooks); this row says which SIM the order tops up with what.
create table bundle_purchases (
  id bigint generated always as identity primary key,
  -- The order that pays for it: its number is what the provider knows the payment by. One purchase per order.
  order_id bigint not null unique references orders (id) on delete cascade,
  service_id bigint not null references services (id) on delete cascade,
  -- The bundle as sold, so a later change of the list never rewrites a purchase.
  bundle_id text not null,
  kind text not null check (kind in ('data', 'voice', 'sms')),
  -- Bytes, seconds or units.
  amount bigint not null check (amount > 0),
  validity_days integer not null check (validity_days > 0),
  -- Set in the transaction that records the payment which moved the order: a purchase is credited at most once.
  credited_at timestamptz
);

create index bundle_purchases_service on bundle_purchases (service_id);
