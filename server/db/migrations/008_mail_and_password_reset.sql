-- Mail and the password reset: the demo's sandbox mailbox, and the single-use links that let a customer choose a new password.

-- The sandbox mailbox (no SMTP_URL): what the server would have sent, read by testers at /sandbox/mail on any instance.
create table sandbox_mail (
  id bigint generated always as identity primary key,
  sender text not null,
  recipient text not null,
  language text not null,
  template text not null,
  subject text not null,
  text text not null,
  html text not null,
  created_at timestamptz not null default now()
);

create index sandbox_mail_recipient on sandbox_mail (lower(recipient), id);
create index sandbox_mail_created on sandbox_mail (created_at);

-- A link to reset a password: only the sha256 of its token is stored, so a leaked table resets nobody's password.
create table password_resets (
  token_hash bytea primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- Set once, by the one statement that takes the link: a second use, on any instance, finds it set.
  used_at timestamptz
);

create index password_resets_customer on password_resets (customer_id);
create index password_resets_expires on password_resets (expires_at);
