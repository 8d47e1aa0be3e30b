-- Contact Us messages keep their keys where every other keyed write does (issue 37), though a message may come from
-- someone signed out. A key belongs to its sender: 'customer:<id>' for a signed-in customer, 'guest:<hex sha256 of
-- the lower-case email typed in the form>' for someone signed out. A key one sender used never answers another, and
-- the table holds no typed address.
alter table idempotency_keys add column sender text;
update idempotency_keys set sender = 'customer:' || customer_id;
alter table idempotency_keys alter column sender set not null;
alter table idempotency_keys drop constraint idempotency_keys_pkey;
alter table idempotency_keys add primary key (sender, key);
-- Null for a signed-out sender; a customer's stored answers still go with the customer row.
alter table idempotency_keys alter column customer_id drop not null;
alter table idempotency_keys add constraint idempotency_keys_sender
  check (sender = 'customer:' || customer_id or (customer_id is null and sender ~ '^guest:[0-9a-f]{64}$'));
-- The primary key served the cascade from customers; this index does now.
create index idempotency_keys_customer on idempotency_keys (customer_id);

-- The message's sender, so a retry whose key expired still finds its message. Two senders may use one key, so the key
-- is unique per sender only. Null once the message is wiped with its sender's account (and for messages wiped before).
alter table support_messages add column sender text;
update support_messages set sender = case
  when customer_id is not null then 'customer:' || customer_id
  when email <> '' then 'guest:' || encode(sha256(convert_to(lower(email), 'UTF8')), 'hex')
end;
alter table support_messages drop constraint support_messages_idempotency_key_key;
alter table support_messages add constraint support_messages_sender_key unique (sender, idempotency_key);
