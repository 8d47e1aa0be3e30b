-- The mail outbox: every mail is written here in the transaction of the change that causes it, and a periodic job
-- sends it (server/mail/mailOutbox.ts), so a crash, a restart or an SMTP hiccup never loses a reset link or a notice.
create table mail_outbox (
  id bigint generated always as identity primary key,
  recipient text not null,
  language text not null,
  template text not null,
  subject text not null,
  text text not null,
  html text not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz,
  -- Set when the job gives up after its last retry: the mail stays visible, never silently dropped.
  failed_at timestamptz
);

create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null;
