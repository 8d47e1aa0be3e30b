-- Web Push (docs/push.md): a device's subscription belongs to the device and to the session that made it, so a sign-out,
-- an ended session or a deleted account ends it; every notification is a row of the push outbox, written in the
-- transaction of the event that causes it and sent once by the outbox job (server/push/pushOutbox.ts).
create table push_subscriptions (
  id bigint generated always as identity primary key,
  -- The push service's URL the browser gave: one row per device (browser profile), whoever is signed in on it.
  endpoint text not null unique,
  -- The browser's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret, base64url, as PushSubscription gives them.
  p256dh text not null,
  auth text not null,
  customer_id bigint not null references customers (id) on delete cascade,
  -- The session that stored it: when that session ends (sign-out, lockout, password change, expiry), so does the subscription.
  session_id_hash bytea not null references sessions (id_hash) on delete cascade,
  -- Which notifications the device wants: any of 'payments', 'services', 'usage'.
  categories text[] not null,
  -- The customer's language on this device, in which its notifications are written.
  language text not null,
  user_agent text not null default '',
  -- Quiet hours in South African time, minutes after midnight: non-urgent notifications wait until they end.
  quiet_from integer not null default 1200 check (quiet_from between 0 and 1439),
  quiet_until integer not null default 420 check (quiet_until between 0 and 1439),
  created_at timestamptz not null default now(),
  -- Refreshed each time the device checks its subscription at start.
  last_seen_at timestamptz not null default now()
);
create index push_subscriptions_customer on push_subscriptions (customer_id);
create index push_subscriptions_session on push_subscriptions (session_id_hash);

create table push_outbox (
  id bigint generated always as identity primary key,
  -- Null once the subscription is gone (removed, or the push service answered 404 or 410); the row stays as history.
  subscription_id bigint references push_subscriptions (id) on delete set null,
  customer_id bigint references customers (id) on delete cascade,
  -- What happened, once per event and subscription: e.g. 'payment:41', 'usage:7:data0-1a2b:80'.
  event_key text not null,
  kind text not null,
  -- The Topic header: a newer message with the same topic replaces one the push service has not delivered yet.
  topic text not null check (topic ~ '^[A-Za-z0-9_-]{1,32}$'),
  urgency text not null check (urgency in ('very-low', 'low', 'normal', 'high')),
  -- The rendered Declarative Web Push JSON, in the subscription's language (under 2 KB).
  payload text not null,
  created_at timestamptz not null default now(),
  -- Past this the notification is no longer worth showing: it is dropped, never sent late.
  expires_at timestamptz not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_status integer,
  last_error text,
  sent_at timestamptz,
  -- Given up (a 4xx other than 429, the last retry, or expired before it could go): kept with last_error, visible.
  failed_at timestamptz,
  unique (event_key, subscription_id)
);
create index push_outbox_due on push_outbox (next_attempt_at) where sent_at is null and failed_at is null;
create index push_outbox_subscription on push_outbox (subscription_id);
