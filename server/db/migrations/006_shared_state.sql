-- Everything a second server instance must see: the sandboxes' state and the rate limits all live here, not in a process.

-- The card-provider sandbox's checkouts, each with the payment made on it (a widget or bank page may be served by any instance).
create table sandbox_checkouts (
  id text primary key,
  amount text not null,
  currency text not null,
  merchant_transaction_id text not null,
  customer jsonb not null,
  -- Milliseconds since the epoch by the sandbox's clock, which tests move; not now(), for the same reason.
  created_at bigint not null,
  payment jsonb,
  -- 30 minutes after the checkout was made or, once paid, after the payment: past it the checkout is gone.
  expires_at bigint not null
);

create index sandbox_checkouts_expires on sandbox_checkouts (expires_at);

-- The identity sandbox's OpenID Connect artefacts (sessions, interactions, codes, grants, tokens) as oidc-provider stores them.
create table sandbox_oidc (
  model text not null,
  id text not null,
  payload jsonb not null,
  -- Copied out of the payload for the lookups the provider makes by them.
  uid text,
  user_code text,
  grant_id text,
  expires_at timestamptz not null,
  primary key (model, id)
);

create index sandbox_oidc_uid on sandbox_oidc (model, uid) where uid is not null;
create index sandbox_oidc_user_code on sandbox_oidc (model, user_code) where user_code is not null;
create index sandbox_oidc_grant on sandbox_oidc (grant_id) where grant_id is not null;
create index sandbox_oidc_expires on sandbox_oidc (expires_at);

-- Who signed in at the identity sandbox, by subject, so any instance can answer the token and userinfo calls.
create table sandbox_identities (
  subject text primary key,
  email text not null,
  name text not null,
  -- What the sandbox's sign-in page said: a real provider says whether it verified the address.
  email_verified boolean not null default true
);

-- The identity sandbox's client secret, cookie key and signing key: made by the first instance, used by all.
create table sandbox_identity_keys (
  id integer primary key check (id = 1),
  client_secret text not null,
  cookie_key text not null,
  signing_key jsonb not null
);

-- Rate limits: per key (what is limited and for whom), the times of the attempts still inside the window, oldest first.
-- One row per key so that counting and deciding is one upsert, which the row lock makes atomic across instances.
create table rate_limits (
  key text primary key,
  hits timestamptz[] not null,
  -- When the newest hit leaves its window: past it the row means nothing and is swept.
  expires_at timestamptz not null,
  -- The token of the last attempt taken: how an attempt knows it was taken, even when two share a clock tick.
  last_taken text not null default ''
);

create index rate_limits_expires on rate_limits (expires_at);

-- The hits still inside a window that began at since, oldest first.
create function rate_limit_live(hits timestamptz[], since timestamptz) returns timestamptz[]
language sql immutable as $$ select coalesce(array_agg(h order by h), '{}') from unnest(hits) as h where h > since $$;

-- Replaced by rate_limits, whose single-row upsert cannot let a parallel burst through.
drop table login_failures;
