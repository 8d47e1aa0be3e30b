-- The language the customer chose (at sign-up, then whenever they pick one while signed in): every mail to them speaks
-- it, whatever device asked for the mail. Accounts made before it speak English until their customer picks again.
alter table customers add column language text not null default 'en' check (language in ('en', 'xh', 'af'));
