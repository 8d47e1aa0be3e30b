-- Nobody takes over an account: each customer knows whether and how their email was proven theirs, and the links
-- that stop or undo an email change, or confirm the email given at sign-up, are kept as hashes like every other link.

-- When and how the email was last proven: 'signup_link', 'reset_link', 'email_change', 'email_undo', a provider
-- ('google', 'facebook', 'twitter'), 'seed', or 'existing'. Null: never proven, so a verified social sign-in takes the account.
alter table customers add column email_verified_at timestamptz;
alter table customers add column email_verified_by text;

-- Accounts made before this migration count as verified: their owners have signed in with social providers by
-- email for months, and ending their passwords now on their next social sign-in would lock out the rightful owners.
update customers set email_verified_at = created_at, email_verified_by = 'existing';

-- One-use links about the email: 'verify' (mailed at sign-up to the address it proves), 'stop' (mailed to the old
-- address while a change waits) and 'undo' (mailed to the old address once a change is confirmed, puts it back).
create table email_links (
  token_hash bytea primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  kind text not null check (kind in ('verify', 'stop', 'undo')),
  -- The address the link is about: the one to verify, the pending one to stop, the old one to put back.
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create index email_links_customer on email_links (customer_id);
