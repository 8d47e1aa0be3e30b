-- The sandbox push service (server/sandbox/push, docs/push.md): a stand-in for the browsers' push services where
-- sandboxes run, in the database so every instance answers for every subscription. It plays the browser's part too:
-- it keeps each subscription's private key, so it can decrypt what it receives and show it to a tester.
create table sandbox_push_subscriptions (
  id bigint generated always as identity primary key,
  -- The secret last segment of the endpoint URL (/sandbox/push/send/<token>).
  token text not null unique,
  -- The subscription's P-256 key pair (the private key raw, 32 bytes) and auth secret, as a browser would hold them.
  private_key bytea not null,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  -- Removed (unsubscribed): its endpoint answers 410 Gone from then on.
  removed_at timestamptz,
  -- A tester's scripted answer for the next `answer_times` sends (429, 5xx, 404…), instead of taking the message.
  answer_status integer check (answer_status between 200 and 599),
  answer_retry_after integer check (answer_retry_after >= 0),
  answer_times integer not null default 0 check (answer_times >= 0)
);

create table sandbox_push_messages (
  id bigint generated always as identity primary key,
  subscription_id bigint not null references sandbox_push_subscriptions (id) on delete cascade,
  received_at timestamptz not null default now(),
  -- The headers it came with (RFC 8030) and the decrypted payload; raw_size is the encrypted body's length.
  ttl integer not null,
  urgency text not null,
  topic text,
  payload text not null,
  raw_size integer not null
);
create index sandbox_push_messages_subscription on sandbox_push_messages (subscription_id, id);
create index sandbox_push_messages_received on sandbox_push_messages (received_at);
