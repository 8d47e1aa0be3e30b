-- A social sign-in whose provider shared no verified email, for an identity not yet linked to an account: kept until
-- the customer proves an address through the link mailed to it, in the browser that signed in (30 minutes).
create table social_pending_sign_ins (
  -- sha256 of the random value in the browser's httpOnly cookie: only that browser can name an address or confirm it.
  browser_hash bytea primary key,
  provider text not null,
  subject text not null,
  display_name text not null,
  -- The address the customer typed, once they have; the link mailed to it is kept as the sha256 of its token.
  email text,
  token_hash bytea unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index social_pending_sign_ins_expires on social_pending_sign_ins (expires_at);
