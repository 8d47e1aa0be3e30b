-- The catalogue is content the operator loads (npm run catalogue -- import) rather than the code's. `active` is
-- "on sale": listed and orderable. A package taken out of the catalogue is retired, never deleted: placed orders,
-- SIMs and package changes still point at it and show its name.
alter table products add column retired_at timestamptz;
alter table products add constraint products_retired_not_on_sale check (retired_at is null or not active);

-- Bundles (ADD VAS) were a list in the code (server/bundles/bundleCatalogue.ts until now); they are catalogue
-- content like packages. English is here, the other languages in bundle_texts (a language with no row is missing).
-- billing says which SIMs may buy it: a prepaid SIM's top-up balances, or a monthly SIM's data under its spend limit.
create table bundles (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  billing text not null check (billing in ('prepaid', 'monthly')),
  kind text not null check (kind in ('data', 'voice', 'sms')),
  -- Bytes, seconds or units.
  amount bigint not null check (amount > 0),
  price numeric(10, 2) not null check (price > 0),
  validity_days integer not null check (validity_days > 0),
  name text not null check (length(name) > 0),
  active boolean not null default true,
  sort integer not null default 0,
  -- A retired bundle stays for the purchases that name it (bundle_purchases.bundle_id).
  retired_at timestamptz,
  check (retired_at is null or not active)
);

create table bundle_texts (
  bundle_id text not null references bundles (id) on delete cascade,
  language text not null check (language in ('xh', 'af')),
  name text not null check (length(name) > 0),
  primary key (bundle_id, language)
);

-- The bundles every install offered until now, so an upgrade keeps selling them.
insert into bundles (id, billing, kind, amount, price, validity_days, name, sort) values
  ('data-1gb', 'prepaid', 'data', 1000000000, 99, 30, '1 GB data', 1),
  ('data-5gb', 'prepaid', 'data', 5000000000, 249, 30, '5 GB data', 2),
  ('voice-60min', 'prepaid', 'voice', 3600, 69, 30, '60 minutes', 3),
  ('sms-100', 'prepaid', 'sms', 100, 35, 30, '100 SMS', 4),
  ('data-50gb', 'monthly', 'data', 50000000000, 149, 30, '50 GB data', 5),
  ('data-100gb', 'monthly', 'data', 100000000000, 249, 30, '100 GB data', 6);

insert into bundle_texts (bundle_id, language, name) values
  ('data-1gb', 'xh', 'Idatha ye-1 GB'),
  ('data-1gb', 'af', '1 GB-data'),
  ('data-5gb', 'xh', 'Idatha ye-5 GB'),
  ('data-5gb', 'af', '5 GB-data'),
  ('voice-60min', 'xh', 'Imizuzu eyi-60'),
  ('voice-60min', 'af', '60 minute'),
  ('sms-100', 'xh', 'Ii-SMS ezi-100'),
  ('sms-100', 'af', '100 SMS''e'),
  ('data-50gb', 'xh', 'Idatha ye-50 GB'),
  ('data-50gb', 'af', '50 GB-data'),
  ('data-100gb', 'xh', 'Idatha ye-100 GB'),
  ('data-100gb', 'af', '100 GB-data');
