/**
 * SQL over a customers row aliased `c`: whether its current email is proven the account holder's. An account from
 * before migration 014 was marked `existing` without any proof; it counts only when its email came through a confirmed
 * email change (docs/features.md, "Accounts and passwords"). Any later proof replaces `existing` (markEmailVerified).
 */
export const emailProven = (c: string) =>
  `(${c}.email_verified_at is not null and (${c}.email_verified_by is distinct from 'existing'
    or exists (select 1 from email_changes p where p.customer_id = ${c}.id and p.used_at is not null and lower(p.email) = lower(${c}.email))))`
