-- Orders placed through POST /api/v10/partner/order/{user_id}, their lines, and the first answer per idempotency key.
create sequence order_numbers;

create table orders (
  id bigint generated always as identity primary key,
  -- 'SO-' and at least six digits from order_numbers, e.g. SO-000123.
  order_number text not null unique,
  customer_id bigint not null references customers (id) on delete cascade,
  -- The id the device gave the order when it was committed there; also its Idempotency-Key.
  client_order_id uuid not null,
  status text not null default 'Payment not Completed',
  total_price numeric(12, 2) not null check (total_price >= 0),
  delivery_address jsonb not null,
  delivery jsonb not null,
  partner jsonb not null,
  order_date timestamptz not null default now(),
  unique (customer_id, client_order_id)
);

create index orders_customer_date on orders (customer_id, order_date desc, id desc);

create table order_lines (
  order_id bigint not null references orders (id) on delete cascade,
  number integer not null check (number > 0),
  product_id integer not null references products (id),
  -- Name and price as sold, so a later catalogue change never rewrites a placed order.
  name text not null,
  unit_price numeric(10, 2) not null check (unit_price >= 0),
  friendly_name text not null default '',
  comments text not null default '',
  status text not null default 'Payment not Completed',
  primary key (order_id, number)
);

-- Written in the same transaction as the order, so a key and its order commit together or not at all.
create table idempotency_keys (
  customer_id bigint not null references customers (id) on delete cascade,
  key uuid not null,
  -- sha256 of the request body with its object keys sorted.
  request_hash text not null,
  -- Null only inside the transaction that claimed the key; it fills both before committing.
  status integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (customer_id, key)
);

create index idempotency_keys_created on idempotency_keys (created_at);
