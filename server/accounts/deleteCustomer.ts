import type { Db } from '../db/types.ts'
import { emailProven } from './provenEmail.ts'
import { keepRicaRecords } from './ricaRecord.ts'

/**
 * deleted: the person is gone; charging: a wallet charge may be at the provider, so nothing was changed; credentials
 * changed: the password was checked at a credential version the account no longer has, so nothing was changed.
 */
export type Deletion = 'deleted' | 'charging' | 'credentials changed'

// The parts of a delivery address that place a sale (its tax region) without pointing at a person's home.
const regionOnly = `jsonb_strip_nulls(jsonb_build_object('city', delivery_address -> 'city', 'province', delivery_address -> 'province',
  'postal_code', delivery_address -> 'postal_code', 'country', delivery_address -> 'country'))`

/**
 * A customer row's tombstone key (SQL over the alias c): the SHA-256 of its id and the microsecond it was created, the
 * same in a backup as in the live database, and naming no one without the row itself.
 */
export const accountHash = `encode(sha256(convert_to(c.id::text || ':' || (extract(epoch from c.created_at) * 1000000)::bigint::text, 'UTF8')), 'hex')`

// The addresses the customer proved theirs: the email once proven, and every address an email change confirmed. An
// address merely typed (a pending change, an unproven sign-up) may be a stranger's, whose own messages and mails stay.
const mailAddresses = `(select lower(c.email) from customers c where c.id = $1 and ${emailProven('c')}
  union select lower(email) from email_changes where customer_id = $1 and used_at is not null)`

/**
 * Deletes the customer in one transaction. Orders, payments, card checkouts and SIM services stay for the business
 * (the foreign keys set their customer to null, migration 010) with what pointed at the person taken out: the street
 * address, the delivery time and instructions, the SIM names and line comments, the card holder's name; the SIMs are
 * cancelled and open card checkouts voided (a payment made on one later is flagged for refund, with nothing of the
 * person). Support messages lose their sender and text, those sent signed out from an address the customer proved too. The card
 * sandbox's copy of the customer and card holder on the customer's orders is blanked, and the mails to (or answering) the
 * addresses the customer proved (the sandbox mailbox and the outbox, unsent ones included) are deleted. Addresses, sessions (and the
 * devices subscribed to notifications in them, with their queued notifications), social sign-in links, stored answers,
 * email changes and SIM renames go with the customer row, and with it the email, which can sign up again.
 * The RICA records of their SIMs stay, sealed and linked to no one, until their retention ends (ricaRecord.ts).
 * A tombstone in deleted_accounts records the deletion without naming the person. `version`, when given, is the
 * credential version the customer's password was checked at: a lockout since then stops the deletion.
 */
export function deleteCustomer(db: Db, customerId: number, version?: number): Promise<Deletion> {
  return db.transaction(async (tx) => {
    const run = (sql: string) => tx.query(sql, [customerId])
    // Locked first, so a payment or order arriving meanwhile waits and then finds no customer.
    const [customer] = await tx.query<{ version: number }>('select credential_version as version from customers where id = $1 for update', [customerId])
    if (!customer) return 'deleted'
    if (version !== undefined && Number(customer.version) !== version) return 'credentials changed'
    // Its answer would be recorded against a request that no longer exists: the customer waits for it instead.
    const [charging] = await run('select 1 from wallet_requests where customer_id = $1 and status is null and charging_since is not null limit 1')
    if (charging) return 'charging'
    await run('update checkouts set voided_at = now() where customer_id = $1 and settled_at is null and voided_at is null')
    await run(`update orders set delivery_address = ${regionOnly}, delivery = delivery - 'time' - 'instructions' where customer_id = $1`)
    await run(`update order_lines set friendly_name = '', comments = '' where order_id in (select id from orders where customer_id = $1)`)
    await run(`update payments set holder = '' where user_id = $1`)
    await run(
      `update services set name = '', status = 900, cancellation_date = coalesce(cancellation_date, now()), last_updated = now() where customer_id = $1`,
    )
    // RICA (s40) requires what the customer's SIMs were activated with to outlive them: kept sealed, then erased.
    await keepRicaRecords(tx, customerId)
    const ownMessages = `customer_id = $1 or (customer_id is null and lower(email) in ${mailAddresses})`
    // The stored answers of messages sent signed out are keyed by the address's hash (migration 022): they go too.
    await run(`delete from idempotency_keys where customer_id is null and sender in (select sender from support_messages where ${ownMessages})`)
    // Their answers in a conversation are their words too; the team's replies and notes stay the business's record.
    await run(`update support_entries set body = '' where kind = 'answer' and support_message_id in (select id from support_messages where ${ownMessages})`)
    await run(`update support_messages set name = '', email = '', message = '', client_address = '', sender = null where ${ownMessages}`)
    // Only the sandbox writes these tables; with the real provider they are empty and its copy is the provider's to erase.
    const ordersOf = 'select order_number from orders where customer_id = $1'
    await run(`update sandbox_checkouts set customer = '{}'::jsonb, payment = payment #- '{card,holder}' where merchant_transaction_id in (${ordersOf})`)
    await run(`update sandbox_payments set payment = payment #- '{card,holder}' where merchant_transaction_id in (${ordersOf})`)
    // The support team's copies of their messages (Reply-To them) name them and quote their words: they go too.
    await run(`delete from sandbox_mail where lower(recipient) in ${mailAddresses} or lower(reply_to) in ${mailAddresses}`)
    // Sent or not: an unsent mail to a deleted account is a notice to no one, and its text names the person.
    await run(`delete from mail_outbox where lower(recipient) in ${mailAddresses} or lower(reply_to) in ${mailAddresses}`)
    // The tombstone outlives the row: a restore from an older backup deletes the account again (reapplyDeletions).
    await run(`insert into deleted_accounts (account_hash) select ${accountHash} from customers c where c.id = $1 on conflict do nothing`)
    await run('delete from customers where id = $1')
    return 'deleted'
  })
}
