/**
 * What the UI confirmed, and what may or may not have happened: the chaos test's model of one customer.
 *
 * An intent starts as "maybe" (it was sent, the interruption may have come before it landed) and becomes
 * confirmed when the page says so. Every check after a restart compares what the app shows (and what the server
 * holds) with the model: a confirmed intent must be there, a maybe one may be there or not but never twice, and
 * nothing the model does not know may be there. A check that passes resolves the maybes to what it saw, so the
 * next check is strict again. Pure: no browser in here.
 */

/** One cart line. The driver keeps one line per product, so the product name identifies the line. */
export interface LineModel {
  product: string
  /** Whether it may be in the cart: {true} confirmed there, {true,false} maybe (an add or removal not confirmed). */
  present: Set<boolean>
  /** Friendly names it may carry. */
  names: Set<string>
  step: number
}

/** What became of an order or a support message: maybe sent, confirmed waiting on the device, or acknowledged. */
export type SendState = 'maybe' | 'queued' | 'sent' | 'gone'

export interface OrderModel {
  tag: string
  step: number
  /** Product names of its lines, as the cart showed them when "create order" was pressed. */
  lines: string[]
  state: SendState
  serverId: number | null
  offline: boolean
}

export interface MessageModel {
  tag: string
  step: number
  state: SendState
  reference: string | null
  offline: boolean
}

export interface ObservedLine {
  product: string
  name: string
}

export interface ServerOrder {
  id: number
  number: string
  tag: string | null
  lines: string[]
}

export interface ServerMessage {
  reference: string
  tag: string | null
}

export interface DeviceOrders {
  /** Product names of each "Order waiting to be sent" card. */
  waiting: string[][]
  /** Cards of orders the server refused. */
  rejected: number
  /** Order numbers in the orders table. */
  numbers: string[]
  /** How many older orders it says are left out (it lists the latest 20). */
  older: number
}

/** The orders screen lists the latest 20 orders, waiting ones first (src/features/orders/orderView.ts). */
export const ORDERS_SHOWN = 20

export interface DeviceMessages {
  /** Messages the support page shows as still to be sent ("Sending…" or waiting), with the tag of their excerpt. */
  open: (string | null)[]
  /** Messages it shows as refused. */
  rejected: number
}

const sameBag = (a: readonly string[], b: readonly string[]) => [...a].sort().join('\u0000') === [...b].sort().join('\u0000')
const show = (set: Set<unknown>) => [...set].map((v) => JSON.stringify(v)).join(' or ')
const unsent = (s: SendState) => s === 'maybe' || s === 'queued'

export class Model {
  readonly lines = new Map<string, LineModel>()
  loggedIn = new Set<boolean>([true])
  lang = new Set<string>(['en'])
  readonly orders: OrderModel[] = []
  readonly messages: MessageModel[] = []
  /** How the maybes turned out, for the summary. */
  readonly outcomes = { confirmed: 0, maybeThere: 0, maybeNotThere: 0 }

  // --- cart -----------------------------------------------------------------------------------------------

  /** Products that are certainly not in the cart, so a new add of one is a new line the model can tell apart. */
  freeProducts(all: readonly string[]): string[] {
    return all.filter((p) => !this.lines.has(p))
  }

  /** Lines certainly in the cart. */
  certainLines(): LineModel[] {
    return [...this.lines.values()].filter((l) => l.present.size === 1 && l.present.has(true) && l.names.size === 1)
  }

  isDefinite(): boolean {
    return (
      [...this.lines.values()].every((l) => l.present.size === 1 && l.names.size === 1) &&
      this.loggedIn.size === 1 &&
      this.lang.size === 1 &&
      this.orders.every((o) => o.state !== 'maybe') &&
      this.messages.every((m) => m.state !== 'maybe')
    )
  }

  addStarted(product: string, step: number): void {
    if (this.lines.has(product)) throw new Error(`model: ${product} is already in the cart model`)
    this.lines.set(product, { product, present: new Set([false, true]), names: new Set(['']), step })
  }

  addConfirmed(product: string): void {
    const line = this.lines.get(product)
    if (line) line.present = new Set([true])
  }

  removeStarted(product: string): void {
    this.lines.get(product)?.present.add(false)
  }

  removeConfirmed(product: string): void {
    this.lines.delete(product)
  }

  renameStarted(product: string, name: string): void {
    this.lines.get(product)?.names.add(name)
  }

  renameConfirmed(product: string, name: string): void {
    const line = this.lines.get(product)
    if (line) line.names = new Set([name])
  }

  /**
   * Compares the cart the app shows with the model; returns what is wrong. When nothing is, the model becomes
   * exactly what was shown.
   */
  checkCart(observed: readonly ObservedLine[]): string[] {
    const problems: string[] = []
    const counts = new Map<string, number>()
    for (const line of observed) counts.set(line.product, (counts.get(line.product) ?? 0) + 1)
    for (const [product, count] of counts) if (count > 1) problems.push(`the cart shows "${product}" ${count} times (one add of it at most)`)
    for (const line of observed) {
      const model = this.lines.get(line.product)
      if (!model) problems.push(`the cart shows "${line.product}", which is not in the cart (never added, or its removal was confirmed)`)
      else if (!model.names.has(line.name)) problems.push(`the cart shows "${line.product}" named ${JSON.stringify(line.name)}; expected ${show(model.names)}`)
    }
    const shown = new Set(counts.keys())
    for (const model of this.lines.values())
      if (!shown.has(model.product) && !model.present.has(false)) problems.push(`"${model.product}" (confirmed at step ${model.step}) is missing from the cart`)
    if (problems.length > 0) return problems
    for (const model of [...this.lines.values()]) {
      const there = shown.has(model.product)
      this.count(model.present, there)
      if (there) {
        model.present = new Set([true])
        model.names = new Set([observed.find((l) => l.product === model.product)!.name])
      } else this.lines.delete(model.product)
    }
    return []
  }

  private count(possible: Set<boolean>, there: boolean): void {
    if (possible.size > 1) this.outcomes[there ? 'maybeThere' : 'maybeNotThere'] += 1
  }

  // --- session and language -------------------------------------------------------------------------------

  loginStarted(): void {
    this.loggedIn.add(true)
  }

  loginConfirmed(): void {
    this.loggedIn = new Set([true])
  }

  /** A logout also empties the cart. */
  logoutStarted(): void {
    this.loggedIn.add(false)
    for (const line of this.lines.values()) line.present.add(false)
  }

  logoutConfirmed(): void {
    this.loggedIn = new Set([false])
    this.lines.clear()
  }

  checkSession(signedIn: boolean): string[] {
    if (!this.loggedIn.has(signedIn))
      return [
        `the app shows the customer ${signedIn ? 'signed in' : 'signed out'}; expected ${signedIn ? 'signed out (the logout was confirmed)' : 'signed in (the sign-in was confirmed)'}`,
      ]
    this.countAny(this.loggedIn.size > 1)
    this.loggedIn = new Set([signedIn])
    return []
  }

  languageStarted(code: string): void {
    this.lang.add(code)
  }

  languageConfirmed(code: string): void {
    this.lang = new Set([code])
  }

  checkLanguage(code: string): string[] {
    if (!this.lang.has(code)) return [`the app shows language ${JSON.stringify(code)}; expected ${show(this.lang)}`]
    this.countAny(this.lang.size > 1)
    this.lang = new Set([code])
    return []
  }

  private countAny(wasMaybe: boolean): void {
    if (wasMaybe) this.outcomes.maybeThere += 1
  }

  // --- orders ---------------------------------------------------------------------------------------------

  orderStarted(tag: string, lines: string[], offline: boolean, step: number): OrderModel {
    const order: OrderModel = { tag, step, lines, state: 'maybe', serverId: null, offline }
    this.orders.push(order)
    // Placing the order empties the cart.
    for (const line of this.lines.values()) line.present.add(false)
    return order
  }

  orderConfirmed(order: OrderModel, serverId: number | null): void {
    if (serverId !== null) {
      order.state = 'sent'
      order.serverId = serverId
    } else if (order.state === 'maybe') order.state = 'queued'
    this.outcomes.confirmed += 1
    for (const product of order.lines) this.lines.delete(product)
  }

  /**
   * The server's orders of this customer against the model. `final`: the connection is back, the customer signed
   * in and the queue had its time, so waiting orders must have arrived too.
   */
  checkServerOrders(rows: readonly ServerOrder[], final: boolean): string[] {
    const problems: string[] = []
    const byTag = new Map<string, ServerOrder[]>()
    for (const row of rows) {
      const order = this.orders.find((o) => o.tag === row.tag)
      if (!order) {
        problems.push(`the server holds order ${row.number} (id ${row.id}, tag ${row.tag}) that no "create order" made`)
        continue
      }
      byTag.set(order.tag, [...(byTag.get(order.tag) ?? []), row])
    }
    for (const order of this.orders) {
      const held = byTag.get(order.tag) ?? []
      if (held.length > 1)
        problems.push(`order ${order.tag} (step ${order.step}) is on the server ${held.length} times: ${held.map((r) => r.number).join(', ')}`)
      const row = held[0]
      if (order.state === 'sent' && !held.some((r) => r.id === order.serverId))
        problems.push(`order ${order.tag} (step ${order.step}) was confirmed as order id ${order.serverId} but the server does not hold it`)
      if (final && order.state === 'queued' && !row)
        problems.push(`order ${order.tag} (step ${order.step}) was confirmed as waiting but never reached the server`)
      if (row && !sameBag(row.lines, order.lines))
        problems.push(
          `order ${order.tag} (step ${order.step}) has lines ${JSON.stringify(row.lines)} on the server; the cart had ${JSON.stringify(order.lines)}`,
        )
    }
    return problems
  }

  /** After a passing server check: orders the server holds are sent. */
  resolveServerOrders(rows: readonly ServerOrder[]): void {
    for (const order of this.orders) {
      const row = rows.find((r) => r.tag === order.tag)
      if (!row || order.state === 'sent') continue
      if (order.state === 'maybe') this.outcomes.maybeThere += 1
      order.state = 'sent'
      order.serverId = row.id
    }
  }

  /** The orders screen against the model and the server (rows: what the server holds right now). */
  checkDeviceOrders(device: DeviceOrders, rows: readonly ServerOrder[], online: boolean): string[] {
    const problems: string[] = []
    if (device.rejected > 0) problems.push(`the orders screen shows ${device.rejected} order(s) the server refused`)
    const onServer = new Set(rows.map((r) => r.tag))
    const pending = this.orders.filter((o) => unsent(o.state) && !onServer.has(o.tag))
    const queued = pending.filter((o) => o.state === 'queued').length
    const maybe = pending.length - queued
    const shown = device.waiting.length
    if (shown < queued) problems.push(`the orders screen shows ${shown} waiting order(s); ${queued} confirmed order(s) wait to be sent`)
    if (shown > queued + maybe)
      problems.push(`the orders screen shows ${shown} waiting order(s); at most ${queued + maybe} can be waiting (${queued} confirmed, ${maybe} maybe)`)
    const left = [...pending]
    for (const card of device.waiting) {
      const index = left.findIndex((o) => sameBag(o.lines, card))
      if (index < 0) problems.push(`a waiting order with lines ${JSON.stringify(card)} matches no order placed and not yet on the server`)
      else left.splice(index, 1)
    }
    const numbers = new Set(rows.map((r) => r.number))
    for (const number of device.numbers)
      if (!numbers.has(number)) problems.push(`the orders table lists ${number}, which the server does not hold for this customer`)
    if (online) {
      // Waiting (and refused) orders come first in the latest 20, then the server's, newest first.
      const room = Math.max(0, ORDERS_SHOWN - device.waiting.length - device.rejected)
      const latest = [...rows].sort((a, b) => b.id - a.id).slice(0, room)
      for (const row of latest) if (!device.numbers.includes(row.number)) problems.push(`the orders table does not list ${row.number}, which the server holds`)
      const older = Math.max(0, rows.length + device.waiting.length + device.rejected - ORDERS_SHOWN)
      if (device.older !== older) problems.push(`the orders screen says ${device.older} older order(s) are left out; ${older} are`)
    }
    const seen = new Map<string, number>()
    for (const number of device.numbers) seen.set(number, (seen.get(number) ?? 0) + 1)
    for (const [number, count] of seen) if (count > 1) problems.push(`the orders table lists ${number} ${count} times`)
    return problems
  }

  /** After a passing device check: maybe orders the screen shows are waiting; ones it does not show never happened. */
  resolveDeviceOrders(device: DeviceOrders, rows: readonly ServerOrder[]): void {
    const onServer = new Set(rows.map((r) => r.tag))
    const pending = this.orders.filter((o) => unsent(o.state) && !onServer.has(o.tag))
    const queued = pending.filter((o) => o.state === 'queued').length
    const maybes = pending.filter((o) => o.state === 'maybe')
    if (maybes.length === 0) return
    if (device.waiting.length === queued + maybes.length) {
      for (const o of maybes) o.state = 'queued'
      this.outcomes.maybeThere += maybes.length
    } else if (device.waiting.length === queued) {
      for (const o of maybes) o.state = 'gone'
      this.outcomes.maybeNotThere += maybes.length
    }
  }

  /**
   * Orders that exist (confirmed, or found by this check) while a line that was in the cart when they were placed is
   * still there: placing an order empties the cart. Call after checkCart and the order checks resolved the model.
   */
  checkCartClearedAfterOrders(): string[] {
    return this.orders
      .filter((o) => o.state === 'queued' || o.state === 'sent')
      .flatMap((o) => {
        const kept = o.lines.filter((p) => (this.lines.get(p)?.step ?? Infinity) < o.step)
        return kept.length
          ? [
              `order ${o.tag} (step ${o.step}) is ${o.state === 'sent' ? 'on the server' : 'waiting'}, yet its lines ${JSON.stringify(kept)} are still in the cart`,
            ]
          : []
      })
  }

  // --- support messages -----------------------------------------------------------------------------------

  messageStarted(tag: string, offline: boolean, step: number): MessageModel {
    const message: MessageModel = { tag, step, state: 'maybe', reference: null, offline }
    this.messages.push(message)
    return message
  }

  messageConfirmed(message: MessageModel, reference: string | null): void {
    if (reference !== null) {
      message.state = 'sent'
      message.reference = reference
    } else if (message.state === 'maybe') message.state = 'queued'
    this.outcomes.confirmed += 1
  }

  checkServerMessages(rows: readonly ServerMessage[], final: boolean): string[] {
    const problems: string[] = []
    const byTag = new Map<string, ServerMessage[]>()
    for (const row of rows) {
      const message = this.messages.find((m) => m.tag === row.tag)
      if (!message) {
        problems.push(`the server holds support message ${row.reference} (tag ${row.tag}) that no Submit sent`)
        continue
      }
      byTag.set(message.tag, [...(byTag.get(message.tag) ?? []), row])
    }
    for (const message of this.messages) {
      const held = byTag.get(message.tag) ?? []
      if (held.length > 1)
        problems.push(`support message ${message.tag} (step ${message.step}) is on the server ${held.length} times: ${held.map((r) => r.reference).join(', ')}`)
      if (message.state === 'sent' && !held.some((r) => r.reference === message.reference))
        problems.push(`support message ${message.tag} (step ${message.step}) was confirmed with reference ${message.reference} but the server does not hold it`)
      if (final && message.state === 'queued' && held.length === 0)
        problems.push(`support message ${message.tag} (step ${message.step}) was confirmed as waiting but never reached the server`)
    }
    return problems
  }

  resolveServerMessages(rows: readonly ServerMessage[]): void {
    for (const message of this.messages) {
      const row = rows.find((r) => r.tag === message.tag)
      if (!row || message.state === 'sent') continue
      if (message.state === 'maybe') this.outcomes.maybeThere += 1
      message.state = 'sent'
      message.reference = row.reference
    }
  }

  /** The support page (signed in as this customer) against the model and the server. */
  checkDeviceMessages(device: DeviceMessages, rows: readonly ServerMessage[]): string[] {
    const problems: string[] = []
    if (device.rejected > 0) problems.push(`the support page shows ${device.rejected} message(s) as refused`)
    const onServer = new Set(rows.map((r) => r.tag))
    const pending = this.messages.filter((m) => unsent(m.state) && !onServer.has(m.tag))
    const queued = pending.filter((m) => m.state === 'queued').length
    const shown = device.open.length
    if (shown < queued) problems.push(`the support page shows ${shown} message(s) still to be sent; ${queued} confirmed message(s) wait`)
    if (shown > pending.length) problems.push(`the support page shows ${shown} message(s) still to be sent; at most ${pending.length} can be`)
    const tags = device.open.filter((t): t is string => t !== null)
    for (const tag of new Set(tags)) {
      const count = tags.filter((t) => t === tag).length
      if (count > 1) problems.push(`the support page shows message ${tag} ${count} times`)
      if (!pending.some((m) => m.tag === tag))
        problems.push(`the support page shows message ${tag} as waiting, but it is ${this.messages.find((m) => m.tag === tag)?.state ?? 'unknown'}`)
    }
    return problems
  }

  resolveDeviceMessages(device: DeviceMessages, rows: readonly ServerMessage[]): void {
    const onServer = new Set(rows.map((r) => r.tag))
    const pending = this.messages.filter((m) => unsent(m.state) && !onServer.has(m.tag))
    const maybes = pending.filter((m) => m.state === 'maybe')
    if (maybes.length === 0) return
    const queued = pending.length - maybes.length
    if (device.open.length === pending.length) {
      for (const m of maybes) m.state = 'queued'
      this.outcomes.maybeThere += maybes.length
    } else if (device.open.length === queued) {
      for (const m of maybes) m.state = 'gone'
      this.outcomes.maybeNotThere += maybes.length
    }
  }

  /** One line per item, for a failure report. */
  describe(): string {
    const lines = [...this.lines.values()].map((l) => `  line ${l.product} present=${show(l.present)} name=${show(l.names)}`)
    const orders = this.orders.map((o) => `  order ${o.tag} ${o.state}${o.serverId ? ` id=${o.serverId}` : ''} lines=${JSON.stringify(o.lines)}`)
    const messages = this.messages.map((m) => `  message ${m.tag} ${m.state}${m.reference ? ` ${m.reference}` : ''}`)
    return [`  signed in=${show(this.loggedIn)} language=${show(this.lang)}`, ...lines, ...orders, ...messages].join('\n')
  }
}
