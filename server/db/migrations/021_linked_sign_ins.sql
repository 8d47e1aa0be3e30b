-- Linked sign-ins are the owner's to see and end (issue 36): an attacker who moved the email to his address could
-- join his own provider sign-in to the account, and it outlived the owner's undo and password reset.

-- The verified email the identity was linked with: the provider's verified claim, or the address proven by the link
-- mailed at a sign-in whose provider shared none. Null for links made before this migration (nobody knows what proved
-- them) and for an unverified claim. An undo, a reset by link or a takeover ends every link whose email is not the
-- address that action just proved (server/social/endUnprovenSignIns.ts), so only sign-ins the owner proved survive.
alter table customer_identities add column email text;
-- When the identity last opened the account, for the list on the profile; the link itself is its first use.
alter table customer_identities add column last_used_at timestamptz;
-- The sha256 of the link mailed when the identity joined an existing account, which removes it: on the row itself,
-- so the link ends with the sign-in it is about (a later link of the same identity is a new row and a new link).
alter table customer_identities add column removal_token_hash bytea unique;

-- Which linked sign-in made a session, so removing the sign-in signs out the devices it signed in.
alter table sessions add column identity_provider text;
alter table sessions add column identity_subject text;
create index sessions_identity on sessions (identity_provider, identity_subject) where identity_provider is not null;

-- The hash of the password nobody knows the account was given (made by a social sign-in, or locked out by an undo or
-- a takeover). While password_hash is still that hash the account has no password its owner knows, so removing a
-- linked sign-in asks for a recent sign-in instead of a password; choosing a password (reset) replaces the hash.
alter table customers add column unknown_password_hash text;

-- Accounts a social sign-in made before this migration: the customer and its identity were written in one
-- transaction, so at the same now(). One whose owner chose a password since is asked for a recent sign-in instead of
-- it, which they can give; the other way round they would be asked for a password they never had.
update customers c set unknown_password_hash = c.password_hash
where exists (select 1 from customer_identities i where i.customer_id = c.id and i.created_at = c.created_at);
