-- One row per account deleted at its owner's request, so a database restored from a backup taken before the deletion
-- can delete the account again (server/accounts/reapplyDeletions.ts). It holds no personal data: account_hash is the
-- SHA-256 of the customer's id and the microsecond they signed up, which finds the row in a backup without naming anyone.
create table deleted_accounts (
  account_hash text primary key,
  deleted_at timestamptz not null default now()
);
