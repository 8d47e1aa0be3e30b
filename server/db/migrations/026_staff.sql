-- The back office: staff accounts live apart from customers (their own table, passkeys, sessions and cookie), and
-- every staff action leaves one row in the audit log.
create table staff (
  id bigint generated always as identity primary key,
  email text not null,
  name text not null,
  role text not null check (role in ('support', 'fulfilment', 'finance', 'owner')),
  -- The WebAuthn user handle (base64url of 32 random bytes): never the email, so a passkey names no one.
  webauthn_user_id text not null unique,
  created_at timestamptz not null default now(),
  -- A removed member keeps their row (the audit log names them) but can no longer sign in.
  removed_at timestamptz
);

create unique index staff_email on staff (lower(email));

create table staff_passkeys (
  -- base64url of the credential id the authenticator made.
  credential_id text primary key,
  staff_id bigint not null references staff (id),
  public_key bytea not null,
  counter bigint not null default 0,
  transports jsonb not null default '[]',
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);

create index staff_passkeys_staff on staff_passkeys (staff_id);

-- An invitation to register a passkey: the first owner's comes from the command line, the others' from an owner.
create table staff_invites (
  token_hash bytea primary key,
  email text not null,
  name text not null,
  role text not null check (role in ('support', 'fulfilment', 'finance', 'owner')),
  -- Null for the command line's.
  invited_by bigint references staff (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- A WebAuthn challenge handed to a browser, answered once and only before it expires.
create table staff_challenges (
  id_hash bytea primary key,
  purpose text not null check (purpose in ('register', 'sign-in', 'step-up')),
  challenge text not null,
  staff_id bigint references staff (id),
  invite_token_hash bytea,
  expires_at timestamptz not null
);

-- Only the sha256 of a staff session id is stored. Sessions end after STAFF_IDLE_MINUTES without a request and after
-- STAFF_SESSION_HOURS in any case (expires_at); a passkey check within the last five minutes is a step-up.
create table staff_sessions (
  id_hash bytea primary key,
  staff_id bigint not null references staff (id),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  stepped_up_at timestamptz,
  client_address text not null default ''
);

create index staff_sessions_staff on staff_sessions (staff_id);

-- One row per staff action, written in the transaction that does it: who (staff_id and the email it had then; null
-- staff_id for the command line), what, on what, why, a summary of the change, from which address, when.
create table audit_log (
  id bigint generated always as identity primary key,
  staff_id bigint references staff (id),
  actor text not null,
  action text not null,
  target_type text not null,
  target_id text not null,
  reason text,
  summary jsonb not null default '{}',
  client_address text not null default '',
  at timestamptz not null default now()
);

create index audit_log_at on audit_log (at);
create index audit_log_target on audit_log (target_type, target_id, at);
create index audit_log_staff on audit_log (staff_id, at);

-- The log is append-only: the application's role may add and read rows, never change or remove them. The trigger
-- holds even for a role that owns the table or is a superuser (a REVOKE alone does not bind the table's owner).
create function audit_log_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;

create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_is_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_is_append_only();

revoke update, delete, truncate on audit_log from public;
revoke update, delete, truncate on audit_log from current_user;
