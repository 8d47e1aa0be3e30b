-- Self-service SIMs: the names a customer gave a SIM, and the package changes and cancellations scheduled on it.

-- Every rename, oldest first: the SIM's name history. The key is the rename's Idempotency-Key (made on the phone when
-- the customer saved the name), so a rename the outbox sends again is answered, never applied twice.
create table service_renames (
  -- The order renames were made in (two may share a clock tick).
  seq bigint generated always as identity,
  customer_id bigint not null references customers (id) on delete cascade,
  key uuid not null,
  service_id bigint not null references services (id) on delete cascade,
  -- sha256 of the request body, so a key reused for another name is refused rather than answered.
  request_hash text not null,
  previous_name text not null,
  name text not null,
  renamed_at timestamptz not null,
  primary key (customer_id, key)
);

create index service_renames_service on service_renames (service_id, seq);

-- Changes that take effect at a bill cycle's start: a package change or a cancellation. The job of every instance
-- claims due rows with FOR UPDATE SKIP LOCKED, so each is applied by exactly one of them.
create table service_actions (
  id bigint generated always as identity primary key,
  service_id bigint not null references services (id) on delete cascade,
  kind text not null check (kind in ('plan_change', 'cancellation')),
  -- A package change's new package, as the catalogue named and priced it when the customer chose it.
  product_id integer references products (id),
  product text,
  unit_price numeric(10, 2),
  due_at timestamptz not null,
  status text not null default 'scheduled' check (status in ('scheduled', 'undone', 'applied', 'dropped')),
  created_at timestamptz not null,
  undone_at timestamptz,
  applied_at timestamptz,
  -- Which server process applied it (host and pid), for the logs and the multi-instance test.
  applied_by text,
  check (kind <> 'plan_change' or (product_id is not null and product is not null and unit_price is not null))
);

-- At most one package change and one cancellation waiting per SIM.
create unique index service_actions_one_waiting on service_actions (service_id, kind) where status = 'scheduled';
create index service_actions_due on service_actions (due_at) where status = 'scheduled';
create index service_actions_service on service_actions (service_id, due_at);
