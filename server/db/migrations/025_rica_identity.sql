-- The identity document RICA (s40) records for a SIM: an SA ID number, or a passport number and its issuing country.
-- The number is special personal information: kept only sealed (AES-256-GCM under ID_NUMBER_KEY, done by the server,
-- which also seals the plain numbers of earlier rows at start-up and empties id_number), and shown masked.
alter table customers add column id_type text not null default 'sa_id' check (id_type in ('sa_id', 'passport'));
alter table customers add column id_country text check (id_country ~ '^[A-Z]{2}$');
alter table customers add column id_number_sealed bytea;
-- The last 4 characters behind dots, which is all a screen, the API or the data export ever shows.
alter table customers add column id_number_masked text not null default '';
alter table customers add constraint customers_passport_country check (id_type = 'sa_id' or id_country is not null);

-- The residential address the customer gave for RICA at sign-up (their first address for earlier accounts).
alter table addresses add column for_rica boolean not null default false;
update addresses a set for_rica = true where a.id = (select min(f.id) from addresses f where f.customer_id = a.customer_id);

-- The RICA record a SIM's activation was asked with, one per SIM (the last one given). It outlives the customer's
-- deletion, as RICA requires, until kept_until (docs/features.md, "RICA records kept after deletion"), when the server erases it.
create table rica_records (
  id bigint generated always as identity primary key,
  service_id bigint unique references services (id) on delete set null,
  customer_id bigint references customers (id) on delete set null,
  first_names text not null,
  surname text not null,
  id_type text not null check (id_type in ('sa_id', 'passport')),
  id_country text check (id_country ~ '^[A-Z]{2}$'),
  id_number_sealed bytea not null,
  id_number_masked text not null,
  address jsonb not null,
  -- The SIM the record is for, copied so the record stands alone once its customer is gone.
  iccid text,
  service_number text,
  recorded_at timestamptz not null default now(),
  -- Null while the SIM is the customer's; set when the relationship ends (the account's deletion).
  kept_until timestamptz
);

create index rica_records_customer on rica_records (customer_id);
create index rica_records_kept_until on rica_records (kept_until) where kept_until is not null;
