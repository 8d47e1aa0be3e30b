import type { BillCycle } from '../domain/billing.ts'
import type { CustomerConversation } from '../domain/conversations.ts'
import type { Fact } from '../domain/events.ts'
import type { Order } from '../domain/order.ts'
import type { Product } from '../domain/product.ts'
import type { Service } from '../domain/service.ts'

/** A fact as stored in the log: its place in the log (seq) plus the fact itself. */
export type EventRow = Fact & { seq: number }

/** A projection's state at a point of the log; the same shape serves read models and snapshots. */
export interface ProjectionRow<S = unknown> {
  name: string
  version: number
  /** Seq of the last fact folded into `state` (0 before any fact). */
  seq: number
  state: S
}

/** A catalogue product with its place in the server's order. */
export type CatalogueRow = Product & { position: number }

export interface CatalogueMetaRow {
  key: 'catalogue'
  fetchedAt: string
}

export type OutboxStatus = 'pending' | 'sending' | 'acknowledged' | 'rejected' | 'retrying'

/** A write waiting for the server; its id is the fact id, which doubles as the idempotency key. */
export interface OutboxRow {
  id: string
  kind: string
  request: unknown
  status: OutboxStatus
  attempts: number
  createdAt: string
  nextAttemptAt: string | null
  lastError: string | null
  /** The customer whose session may send it; a row is never sent under another customer's session. */
  customerId?: number
  /** The server's answer when a screen shows it later (a support message's reference or refusal). */
  answer?: unknown
}

/** A server order as last fetched for a customer; key is `${customerId}:${order id}`. */
export interface OrderCacheRow {
  key: string
  customerId: number
  /** Place in the server's newest-first list. */
  position: number
  order: Order
  /** When the server sent it (ISO time), for "Last updated" offline; absent on rows cached before it was kept. */
  fetchedAt?: string
}

/** One portal answer as the server sent it: the service list, one service, the account's bill cycles, or the support conversations. */
export type PortalAnswer =
  | { kind: 'services'; body: Service[] }
  | { kind: 'service'; body: Service }
  | { kind: 'billing'; body: BillCycle[] }
  | { kind: 'conversations'; body: CustomerConversation[] }

/** A portal answer as last fetched for a customer; key is `${customerId}:${kind}` (`…:service:${id}` for one service). */
export type PortalCacheRow = PortalAnswer & {
  key: string
  customerId: number
  /** When the server made the answer (ISO time), for "Last updated" offline. */
  fetchedAt: string
}
