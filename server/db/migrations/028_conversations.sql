-- Support conversations: each Contact Us message is a thread with a status and an assignee, and its entries (staff
-- replies, internal notes, the customer's answers) follow it. Mails carry Message-ID, In-Reply-To and References so a
-- thread's mails thread in the customer's and the team's mail programs.
alter table support_messages add column language text not null default 'en';
alter table support_messages add column status text not null default 'open' check (status in ('open', 'waiting', 'resolved'));
alter table support_messages add column assignee_id bigint references staff (id);
-- When the status last changed: the queue lists the oldest first.
alter table support_messages add column status_at timestamptz not null default now();
-- The Message-ID of the mails the first message caused (the team's notice); every later mail of the thread refers to it.
alter table support_messages add column mail_message_id text;
update support_messages set mail_message_id = '<' || reference || '.0@support.storefront.invalid>', status_at = created_at;
alter table support_messages alter column mail_message_id set not null;

create index support_messages_queue on support_messages (status, status_at);
create index support_messages_customer on support_messages (customer_id, created_at);

create table support_entries (
  id bigint generated always as identity primary key,
  support_message_id bigint not null references support_messages (id) on delete cascade,
  -- reply: staff to the customer (mailed); note: staff to staff (never shown to the customer); answer: the customer's.
  kind text not null check (kind in ('reply', 'note', 'answer')),
  -- The member who wrote a reply or a note; null for the customer's answer (or once the member's row is gone).
  staff_id bigint references staff (id),
  body text not null,
  -- The Message-ID of the mail the entry caused; null for a note, which is never mailed.
  mail_message_id text unique,
  -- A staff member's Idempotency-Key (a double click writes one entry); the customer's keys live in idempotency_keys.
  idempotency_key uuid,
  created_at timestamptz not null default now(),
  check ((kind = 'note') = (mail_message_id is null))
);

create index support_entries_thread on support_entries (support_message_id, id);
create unique index support_entries_staff_key on support_entries (staff_id, idempotency_key);

-- Threading headers of a mail: its own Message-ID, the mail it answers, and the chain (space-separated ids).
alter table mail_outbox add column message_id text;
alter table mail_outbox add column in_reply_to text;
alter table mail_outbox add column thread_references text;
alter table sandbox_mail add column message_id text;
alter table sandbox_mail add column in_reply_to text;
alter table sandbox_mail add column thread_references text;
