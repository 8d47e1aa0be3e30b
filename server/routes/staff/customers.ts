import { Hono } from 'hono'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { queueResetLink } from '../../accounts/mailResetLink.ts'
import { resetRequestRetryAfter } from '../../accounts/resetLimiter.ts'
import type { Db } from '../../db/types.ts'
import { jsonError } from '../../http/errors.ts'
import { idParam } from '../../http/idParam.ts'
import { clientAddress } from '../../http/requestInfo.ts'
import type { ProxyTrust } from '../../http/requestInfo.ts'
import { mailLinkOrigin } from '../../mail/linkOrigin.ts'
import type { LinkOriginSettings } from '../../mail/linkOrigin.ts'
import { answer, refusal } from '../../http/openApi.ts'
import { allow } from '../../staff/allow.ts'
import { describeStaff } from '../../staff/describeStaff.ts'
import type { StaffEnv } from '../../staff/allow.ts'
import { audit, countStaffAction, staffActor } from '../../staff/audit.ts'
import { customerRecord, searchCustomers } from '../../staff/customerRecord.ts'

export const noSuchCustomer = 'There is no such customer.'
const maxQuery = 200

/**
 * Support's view of customers: a search, a customer's page (opening it is itself recorded in the audit log, in the
 * transaction that reads it) and the password-reset mail sent on their behalf (staff never set a password).
 */
const described = {
  search: describeStaff({
    summary: 'Customers matching an account number, email, name, mobile or SIM number, or order number (the search is audited)',
    access: 'customers.read',
    responses: { 200: answer('At most 50 matches: id, name, email, mobile, since') },
  }),
  record: describeStaff({
    summary: "A customer's page: profile (ID number masked), addresses, linked sign-ins, orders, payments, SIMs, messages, consents (the opening is audited)",
    access: 'customers.read',
    responses: { 200: answer('The customer, never a password hash, session id or token'), 404: refusal(noSuchCustomer) },
  }),
  reset: describeStaff({
    summary: 'Mail the customer a password-reset link in their language (staff never set a password)',
    access: 'customers.reset',
    responses: { 202: answer('Queued in the mail outbox'), 404: refusal(noSuchCustomer), 429: refusal('Too many reset links for this email (Retry-After)') },
  }),
}

export function customerStaffRoutes(db: Db, settings: ProxyTrust & LinkOriginSettings) {
  return new Hono<StaffEnv>()
    .get('/customers', allow('customers.read'), described.search, async (c) => {
      const q = (c.req.query('q') ?? '').trim().slice(0, maxQuery)
      if (q === '') return c.json({ customers: [] })
      // A search shows personal data too, so it is recorded like opening a page.
      const customers = await db.transaction(async (tx) => {
        const found = await searchCustomers(tx, q)
        await audit(tx, staffActor(c, settings), {
          action: 'customer.search',
          targetType: 'customer',
          targetId: '*',
          summary: { query: q, found: found.length },
        })
        return found
      })
      countStaffAction('customer.search', 'done')
      return c.json({ customers })
    })
    .get('/customers/:id', allow('customers.read'), described.record, async (c) => {
      const id = idParam(c.req.param('id'))
      if (id === undefined) return jsonError(c, 404, noSuchCustomer)
      const record = await db.transaction(async (tx) => {
        const found = await customerRecord(tx, id)
        if (found) await audit(tx, staffActor(c, settings), { action: 'customer.view', targetType: 'customer', targetId: id })
        return found
      })
      if (!record) return jsonError(c, 404, noSuchCustomer)
      countStaffAction('customer.view', 'done')
      return c.json(record)
    })
    .post('/customers/:id/password-reset', allow('customers.reset'), described.reset, async (c) => {
      const id = idParam(c.req.param('id'))
      if (id === undefined) return jsonError(c, 404, noSuchCustomer)
      const [customer] = await db.query<{ email: string }>('select email from customers where id = $1', [id])
      if (!customer) return jsonError(c, 404, noSuchCustomer)
      // Counted as the customer's own requests are, so nobody's mailbox is flooded however many staff press it.
      const wait = await resetRequestRetryAfter(db, { email: customer.email, address: clientAddress(c, settings) })
      if (wait > 0) {
        countStaffAction('customer.reset', 'refused')
        c.header('Retry-After', String(wait))
        return jsonError(c, 429, serverMessages.tooManyResetRequests)
      }
      const origin = mailLinkOrigin(c, settings)
      await db.transaction(async (tx) => {
        // In the language the customer's account records (the audit row says which).
        const language = await queueResetLink(tx, { email: customer.email, origin })
        await audit(tx, staffActor(c, settings), { action: 'customer.reset', targetType: 'customer', targetId: id, summary: { language } })
      })
      countStaffAction('customer.reset', 'done')
      return c.json({ sentTo: customer.email }, 202)
    })
}
