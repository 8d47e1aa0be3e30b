-- One version of a customer's credentials, so nothing admitted before a lockout outlives it.
--
-- credential_version moves on with every password write (a change, a reset, an undo, a takeover by a verified
-- sign-in), in the statement that writes the hash and only while it still holds the version the writer verified
-- against: a change that checked the old password before a lockout writes nothing. Each session records the version
-- it was made under, and a session of an older version is not a session any more; a sign-in that checked the
-- password before a reset makes no session.
--
-- lockout_version moves on only when the mailbox takes the account back (a reset by link, an undo, a takeover):
-- a reset link taken before such a lockout writes nothing, while a password change by whoever knows the password
-- never stops the owner's reset.
alter table customers add column credential_version bigint not null default 1;
alter table customers add column lockout_version bigint not null default 1;
alter table sessions add column credential_version bigint not null default 1;
