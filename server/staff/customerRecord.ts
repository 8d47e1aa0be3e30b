import type { Queryable } from '../db/types.ts'
import { customerOrders, customerPayments } from '../accounts/customerOrders.ts'
import { listServices } from '../services/serviceReply.ts'

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString())

/** What a search shows of each customer found: enough to tell them apart, nothing more. */
export interface CustomerMatch {
  id: number
  name: string
  email: string
  mobile: string
  createdAt: string
}

/** The last nine digits of a South African number however it was written (082…, +27 82…, 27-82-…). */
const nationalDigits = (text: string): string | undefined => {
  const digits = text.replace(/\D/g, '')
  return digits.length >= 9 && digits.length <= 12 ? digits.slice(-9) : undefined
}

const maxMatches = 50

/**
 * Customers matching what support typed: an account number, an email (or part of one), a name, a mobile number (the
 * customer's own, or a SIM's number), or an order number. Newest accounts first, at most 50.
 */
export async function searchCustomers(db: Queryable, query: string): Promise<CustomerMatch[]> {
  const q = query.trim()
  if (q === '') return []
  const phone = /^[+\d][\d\s()-]*$/.test(q) ? nationalDigits(q) : undefined
  const accountId = /^#?\d{1,12}$/.test(q) ? Number(q.replace('#', '')) : null
  const rows = await db.query<{ id: number | string; first_name: string; last_name: string; email: string; mobile: string; created_at: Date | string }>(
    `select c.id, c.first_name, c.last_name, c.email, c.mobile, c.created_at
       from customers c
      where c.id = $1
         or lower(c.email) like '%' || lower($2) || '%'
         or lower(c.first_name || ' ' || c.last_name) like '%' || lower($2) || '%'
         or ($3::text is not null and (right(regexp_replace(c.mobile, '\\D', '', 'g'), 9) = $3
             or right(regexp_replace(c.phone, '\\D', '', 'g'), 9) = $3
             or exists (select 1 from services s where s.customer_id = c.id and right(regexp_replace(coalesce(s.service_number, ''), '\\D', '', 'g'), 9) = $3)))
         or exists (select 1 from orders o where o.customer_id = c.id and lower(o.order_number) = lower($2))
      order by c.created_at desc, c.id desc
      limit ${maxMatches}`,
    [accountId, q.replace(/[\\%_]/g, (m) => `\\${m}`), phone ?? null],
  )
  return rows.map((r) => ({
    id: Number(r.id),
    name: `${r.first_name} ${r.last_name}`.trim(),
    email: r.email,
    mobile: r.mobile,
    createdAt: new Date(r.created_at).toISOString(),
  }))
}

/**
 * Everything support may see of one customer: the profile (the ID number only masked; never a password hash, a
 * session id or a link's token), addresses, linked sign-ins, live sessions counted, orders, payments (no card
 * details), SIMs, messages, and what they agreed to or were recorded for. Undefined for no such customer.
 */
export async function customerRecord(db: Queryable, customerId: number) {
  const q = <T>(sql: string) => db.query<T>(sql, [customerId])
  const [profile] = await q<{
    id: number | string
    first_name: string
    last_name: string
    email: string
    pending_email: string | null
    phone: string
    mobile: string
    id_type: 'sa_id' | 'passport'
    id_number_masked: string
    id_country: string | null
    created_at: Date | string
    email_verified_at: Date | string | null
    email_verified_by: string | null
    has_password: boolean
  }>(
    `select id, first_name, last_name, email, pending_email, phone, mobile, id_type, id_number_masked, id_country, created_at,
            email_verified_at, email_verified_by, unknown_password_hash is null as has_password
       from customers where id = $1`,
  )
  if (!profile) return undefined
  const addresses = await q<Record<string, unknown>>(
    `select unit_number, floor_level, building_name, street_number, street_name, suburb, city, province, postal_code, country,
            deliver_to, for_rica
       from addresses where customer_id = $1 order by id`,
  )
  const linked = await q<{ provider: string; email: string | null; created_at: Date | string; last_used_at: Date | string | null }>(
    'select provider, email, created_at, last_used_at from customer_identities where customer_id = $1 order by created_at, provider',
  )
  const [sessions] = await q<{ live: number | string; last_seen: Date | string | null }>(
    'select count(*) as live, max(last_seen_at) as last_seen from sessions where customer_id = $1 and expires_at > now()',
  )
  const messages = await q<{ id: number | string; reference: string; created_at: Date | string; message: string }>(
    'select id, reference, created_at, message from support_messages where customer_id = $1 order by created_at desc, id desc',
  )
  const rica = await q<{ service_id: number | string | null; recorded_at: Date | string; kept_until: Date | string | null }>(
    'select service_id, recorded_at, kept_until from rica_records where customer_id = $1 order by recorded_at',
  )
  return {
    profile: {
      id: Number(profile.id),
      firstName: profile.first_name,
      lastName: profile.last_name,
      email: profile.email,
      pendingEmail: profile.pending_email,
      phone: profile.phone,
      mobile: profile.mobile,
      identityDocument: { type: profile.id_type, number: profile.id_number_masked, country: profile.id_country },
      createdAt: iso(profile.created_at),
      hasPassword: profile.has_password,
    },
    addresses,
    linkedSignIns: linked.map((l) => ({ provider: l.provider, email: l.email, linkedAt: iso(l.created_at), lastUsedAt: iso(l.last_used_at) })),
    sessions: { live: Number(sessions?.live ?? 0), lastSeenAt: iso(sessions?.last_seen ?? null) },
    orders: await customerOrders(db, customerId),
    payments: await customerPayments(db, customerId),
    sims: await listServices(db, customerId),
    messages: messages.map((m) => ({ id: Number(m.id), reference: m.reference, sentAt: iso(m.created_at), preview: m.message.slice(0, 140) })),
    consents: {
      emailVerified: profile.email_verified_at === null ? null : { at: iso(profile.email_verified_at), by: profile.email_verified_by },
      linkedSignIns: linked.map((l) => ({ provider: l.provider, since: iso(l.created_at) })),
      ricaRecords: rica.map((r) => ({
        serviceId: r.service_id === null ? null : Number(r.service_id),
        recordedAt: iso(r.recorded_at),
        keptUntil: iso(r.kept_until),
      })),
    },
  }
}

export type CustomerRecord = NonNullable<Awaited<ReturnType<typeof customerRecord>>>
