import type { Db } from '../db/types.ts'

/** deleted: the person is gone; charging: a wallet charge may be at the provider, so nothing was changed. */
export type Deletion = 'deleted' | 'charging'

// The parts of a delivery address that place a sale (its tax region) without pointing at a person's home.
const regionOnly = `jsonb_strip_nulls(jsonb_build_object('city', delivery_address -> 'city', 'province', delivery_address -> 'province',
  'postal_code', delivery_address -> 'postal_code', 'country', delivery_address -> 'country'))`

/**
 * Deletes the customer in one transaction. Orders, payments, card checkouts and SIM services stay for the business
 * (the foreign keys set their customer to null, migration 010) with what pointed at the person taken out: the street
 * address and delivery instructions, the SIM names, the card holder's name; the SIMs are cancelled. Support messages
 * lose their sender and text. Addresses, sessions, social sign-in links and stored answers go with the customer row,
 * and with it the email, which can sign up again.
 */
export function deleteCustomer(db: Db, customerId: number): Promise<Deletion> {
  return db.transaction(async (tx) => {
    const run = (sql: string) => tx.query(sql, [customerId])
    // Locked first, so a payment or order arriving meanwhile waits and then finds no customer.
    const [customer] = await tx.query('select id from customers where id = $1 for update', [customerId])
    if (!customer) return 'deleted'
    // Its answer would be recorded against a request that no longer exists: the customer waits for it instead.
    const [charging] = await run('select 1 from wallet_requests where customer_id = $1 and status is null and charging_since is not null limit 1')
    if (charging) return 'charging'
    await run(`update orders set delivery_address = ${regionOnly}, delivery = delivery - 'instructions' where customer_id = $1`)
    await run(`update order_lines set friendly_name = '' where order_id in (select id from orders where customer_id = $1)`)
    await run(`update payments set holder = '' where user_id = $1`)
    await run(
      `update services set name = '', status = 900, cancellation_date = coalesce(cancellation_date, now()), last_updated = now() where customer_id = $1`,
    )
    await run(`update support_messages set name = '', email = '', message = '', client_address = '' where customer_id = $1`)
    await run('delete from customers where id = $1')
    return 'deleted'
  })
}
