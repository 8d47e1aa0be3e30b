-- Customers and what signing in needs: addresses, sessions, failed-login counters, social sign-in flows.
create table customers (
  id bigint generated always as identity primary key,
  first_name text not null default '',
  last_name text not null default '',
  id_number text not null default '',
  email text not null check (length(email) > 0),
  phone text not null default '',
  mobile text not null default '',
  -- scrypt$N$r$p$salt$hash: the parameters travel with each hash.
  password_hash text not null,
  created_at timestamptz not null default now()
);

-- One account per address however it is capitalised.
create unique index customers_email_unique on customers (lower(email));

create table addresses (
  id bigint generated always as identity primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  unit_number text not null default '',
  floor_level text not null default '',
  building_name text not null default '',
  street_number text not null default '',
  street_name text not null default '',
  suburb text not null default '',
  city text not null default '',
  province text not null default '',
  postal_code text not null default '',
  country text not null default '',
  longitude double precision,
  latitude double precision,
  deliver_to text not null default '',
  created_at timestamptz not null default now()
);

create index addresses_customer on addresses (customer_id, id);

-- Links a provider's subject to a customer, so a changed email at the provider still finds them.
create table customer_identities (
  provider text not null,
  subject text not null,
  customer_id bigint not null references customers (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (provider, subject)
);

-- Only the sha256 of a session id is stored, so a leaked table cannot be replayed as cookies.
create table sessions (
  id_hash bytea primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index sessions_customer on sessions (customer_id);
create index sessions_expires on sessions (expires_at);

-- One row per failed sign-in, keyed 'email:...' or 'address:...'; counted over a sliding window.
create table login_failures (
  id bigint generated always as identity primary key,
  key text not null,
  failed_at timestamptz not null default now()
);

create index login_failures_key_time on login_failures (key, failed_at);

-- A social sign-in between /start and /callback: state, nonce and PKCE verifier never leave the server.
create table oauth_states (
  state text primary key,
  provider text not null,
  nonce text not null,
  code_verifier text not null,
  redirect_uri text not null,
  return_to text not null default '/',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index oauth_states_expires on oauth_states (expires_at);
