-- Self-service account edits: addresses named by the id the device gave them (so an edit made offline can name an
-- address the server has not seen yet), one default delivery address per customer, and email changes that wait for
-- the link mailed to the new address.

alter table addresses add column public_id uuid;
update addresses set public_id = gen_random_uuid();
alter table addresses alter column public_id set not null;
alter table addresses alter column public_id set default gen_random_uuid();
create unique index addresses_public_id on addresses (public_id);

-- Each customer's first address is their default until they choose another.
alter table addresses add column is_default boolean not null default false;
update addresses set is_default = true where id in (select min(id) from addresses group by customer_id);
create unique index addresses_one_default on addresses (customer_id) where is_default;

-- The address an email change waits to confirm; the customer signs in with `email` until the link is followed.
alter table customers add column pending_email text;

-- Only the sha256 of a link's token is stored, so a leaked table confirms nothing.
create table email_changes (
  token_hash bytea primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create index email_changes_customer on email_changes (customer_id);
