-- Card checkouts created with the payment provider, and the payment records (one per provider transaction).
create table checkouts (
  -- The provider's checkout id (COPYandPAY calls it the registration id).
  id text primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  order_id bigint not null references orders (id) on delete cascade,
  -- Two decimals, from the server's order at creation time.
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null,
  created_at timestamptz not null default now()
);

create index checkouts_order on checkouts (order_id);

create table payments (
  id bigint generated always as identity primary key,
  -- The provider's payment id.
  transaction_id text not null unique,
  -- The card checkout it paid; null for wallet payments. Unique: a checkout is recorded once however often its status is asked.
  registration text unique references checkouts (id),
  method text not null check (method in ('card', 'wallet')),
  user_id bigint not null references customers (id) on delete cascade,
  order_id bigint not null references orders (id) on delete cascade,
  order_number text not null,
  amount numeric(12, 2) not null,
  currency text not null,
  -- When the provider's success reached us: the true time of payment.
  effective_date timestamptz not null default now(),
  brand text not null default '',
  bin text not null default '',
  lastfour text not null default '',
  holder text not null default '',
  expiry_month text not null default '',
  expiry_year text not null default '',
  status text not null check (status in ('success')),
  result_code text not null,
  comments text not null default '',
  partner jsonb not null
);

create index payments_order on payments (order_id);
create index payments_user on payments (user_id, effective_date desc);

-- Wallet payments answer each Idempotency-Key once, like orders; a claim without an answer is a payment in flight.
create table wallet_requests (
  customer_id bigint not null references customers (id) on delete cascade,
  key uuid not null,
  request_hash text not null,
  status integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (customer_id, key)
);
