-- A customer may delete their account (POPIA): the person goes, while the business keeps what the law makes it keep
-- (orders, payments, the card checkouts and SIM services they led to), no longer linked to anyone.
alter table orders alter column customer_id drop not null;
alter table orders drop constraint orders_customer_id_fkey;
alter table orders add constraint orders_customer_id_fkey foreign key (customer_id) references customers (id) on delete set null;

alter table payments alter column user_id drop not null;
alter table payments drop constraint payments_user_id_fkey;
alter table payments add constraint payments_user_id_fkey foreign key (user_id) references customers (id) on delete set null;

alter table checkouts alter column customer_id drop not null;
alter table checkouts drop constraint checkouts_customer_id_fkey;
alter table checkouts add constraint checkouts_customer_id_fkey foreign key (customer_id) references customers (id) on delete set null;

alter table services alter column customer_id drop not null;
alter table services drop constraint services_customer_id_fkey;
alter table services add constraint services_customer_id_fkey foreign key (customer_id) references customers (id) on delete set null;

-- The browser a session was started in, so the customer can tell their devices apart in their data download.
alter table sessions add column user_agent text not null default '';
