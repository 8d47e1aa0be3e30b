-- What the server needs to resolve payments itself: a card checkout whose browser never came back, a wallet charge
-- whose answer never arrived. The reconciliation worker asks the provider about them; the sandbox keeps its wallet
-- charges so that it can answer the same question.

-- A checkout is open until the server knows how it ended (paid, failed, or gone at the provider).
alter table checkouts add column settled_at timestamptz;
-- When the worker may ask the provider about it next; taking a checkout moves this forward, so no other instance
-- asks at the same time.
alter table checkouts add column next_check_at timestamptz not null default now();
-- Checkouts made before this migration: those paid are settled, and those a day old are long gone at the provider.
update checkouts set settled_at = now()
where created_at < now() - interval '1 day' or exists (select 1 from payments where registration = checkouts.id);

create index checkouts_open on checkouts (next_check_at) where settled_at is null;

-- The order a wallet charge is for, and since when the provider may have it: set (and committed) before the charge
-- is sent, so a charge without an answer is known to the next request and to the worker.
alter table wallet_requests add column order_id bigint references orders (id) on delete cascade;
alter table wallet_requests add column charging_since timestamptz;
-- The provider call ended without an answer (timeout, cut connection): a retry may take the request over at once.
alter table wallet_requests add column stalled boolean not null default false;
alter table wallet_requests add column next_check_at timestamptz;
-- Counts take-overs by retries, so the worker changes a request only if nobody took it over while it asked.
alter table wallet_requests add column attempt integer not null default 1;

create index wallet_requests_unanswered on wallet_requests (next_check_at) where status is null and charging_since is not null;

-- The card-provider sandbox's one-step payments (Google Pay), so its query by merchantTransactionId finds them.
create table sandbox_payments (
  id text primary key,
  merchant_transaction_id text not null,
  -- The payment object as the sandbox answered it.
  payment jsonb not null,
  -- Milliseconds by the sandbox's clock, like sandbox_checkouts.
  created_at bigint not null,
  expires_at bigint not null
);

create index sandbox_payments_merchant on sandbox_payments (merchant_transaction_id);
create index sandbox_payments_expires on sandbox_payments (expires_at);
create index sandbox_checkouts_merchant on sandbox_checkouts (merchant_transaction_id);
