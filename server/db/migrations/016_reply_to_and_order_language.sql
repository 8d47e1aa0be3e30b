-- A mail's Reply-To: the support team's copy of a customer's message answers the customer, not the shop's sender.
alter table mail_outbox add column reply_to text;
alter table sandbox_mail add column reply_to text;

-- The language the order was placed in, so its receipt (sent by a webhook or the reconciler, with no request) speaks it.
alter table orders add column language text not null default 'en';
