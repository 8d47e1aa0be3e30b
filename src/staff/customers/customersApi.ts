import type { Service } from '../../domain/service.ts'
import { staffApi } from '../api/client.ts'

/** GET /api/staff/customers?q=: who matched, enough to tell them apart. */
export interface CustomerMatch {
  id: number
  name: string
  email: string
  mobile: string
  createdAt: string
}

/** GET /api/staff/customers/:id (server/staff/customerRecord.ts): the customer's page; its opening is audited. */
export interface CustomerRecord {
  profile: {
    id: number
    firstName: string
    lastName: string
    email: string
    pendingEmail: string | null
    phone: string
    mobile: string
    identityDocument: { type: 'sa_id' | 'passport'; number: string; country: string | null }
    createdAt: string
    hasPassword: boolean
  }
  addresses: Record<string, string | boolean | null>[]
  linkedSignIns: { provider: string; email: string | null; linkedAt: string; lastUsedAt: string | null }[]
  sessions: { live: number; lastSeenAt: string | null }
  orders: {
    id: number
    number: string
    status: string
    order_date: string
    total_price: number
    order_lines: { number: number; name: string; unit_price: number; status: string }[]
  }[]
  payments: {
    transaction_id: string
    method: string
    order_number: string
    amount: number
    currency: string
    effective_date: string
    brand: string
    status: string
  }[]
  sims: Service[]
  messages: { id: number; reference: string; sentAt: string; preview: string }[]
  consents: {
    emailVerified: { at: string; by: string | null } | null
    linkedSignIns: { provider: string; since: string }[]
    ricaRecords: { serviceId: number | null; recordedAt: string; keptUntil: string | null }[]
  }
}

export const searchCustomers = (q: string) => staffApi<{ customers: CustomerMatch[] }>('GET', '/customers', undefined, { q })
export const readCustomer = (id: string) => staffApi<CustomerRecord>('GET', `/customers/${encodeURIComponent(id)}`)
export const sendPasswordReset = (id: number) => staffApi<{ sentTo: string }>('POST', `/customers/${id}/password-reset`)
