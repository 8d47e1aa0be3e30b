-- Refunds made by staff through the card provider's refund call (paymentType RF) against one payment, and the card
-- provider sandbox's record of the refunds it took.

-- One row per refund request: inserted (pending) in the transaction that locks its payment and checks what remains,
-- then settled once with the provider's answer. The Idempotency-Key of the staff app's dialog is unique, so a double
-- click, a retry or a second instance finds the first request's row instead of refunding again.
create table refunds (
  id bigint generated always as identity primary key,
  payment_id bigint not null references payments (id) on delete cascade,
  order_id bigint not null references orders (id) on delete cascade,
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null,
  reason text not null check (reason in ('duplicate payment', 'cancelled line', 'order not delivered', 'goodwill', 'other')),
  note text not null default '',
  -- The order line (its number) a partial refund of a cancelled line is for.
  order_line integer,
  staff_id bigint references staff (id),
  idempotency_key uuid not null unique,
  -- sha256 of the request body: the same key with another body is refused, never answered with this refund.
  request_hash text not null,
  -- Sent to the provider as the refund's merchantTransactionId, so its transaction report finds this refund.
  merchant_transaction_id text not null unique,
  status text not null default 'pending' check (status in ('pending', 'refunded', 'failed')),
  provider_refund_id text,
  result_code text,
  result_description text,
  -- While set and in the future, one request is talking to the provider about this refund; nobody else sends it.
  sending_until timestamptz,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  foreign key (order_id, order_line) references order_lines (order_id, number)
);

create index refunds_payment on refunds (payment_id);
create index refunds_order on refunds (order_id);
create index refunds_pending on refunds (created_at) where status = 'pending';

-- The card-provider sandbox's refunds, each against one payment it took; a repeated merchantTransactionId answers the
-- refund it made the first time.
create table sandbox_refunds (
  id text primary key,
  -- The refunded payment's id, and the merchantTransactionId that payment was made with (the order number).
  payment_id text not null,
  payment_merchant_transaction_id text not null,
  merchant_transaction_id text not null unique,
  amount_cents bigint not null,
  currency text not null,
  -- Whether the sandbox made it (a refusal is kept too, so a repeat answers the same).
  refunded boolean not null,
  -- The payment object as the sandbox answered it.
  answer jsonb not null,
  -- Milliseconds by the sandbox's clock, like sandbox_checkouts.
  created_at bigint not null
);

create index sandbox_refunds_payment on sandbox_refunds (payment_id);
create index sandbox_refunds_payment_merchant on sandbox_refunds (payment_merchant_transaction_id);
