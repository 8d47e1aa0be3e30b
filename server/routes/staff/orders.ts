import { Hono } from 'hono'
import * as v from 'valibot'
import { DeliverySchema, DispatchSchema, ORDER_STAGES } from '../../../src/domain/staffOrders.ts'
import type { FulfilmentRefusal } from '../../../src/domain/staffOrders.ts'
import { idNumberKeyOf } from '../../accounts/idNumberSeal.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/types.ts'
import { jsonError } from '../../http/errors.ts'
import { readJson } from '../../http/jsonBody.ts'
import type { NetworkSource } from '../../network/network.ts'
import { recordDelivery, recordDispatch } from '../../orders/recordFulfilment.ts'
import type { FulfilmentOutcome } from '../../orders/recordFulfilment.ts'
import { loadStaffOrder } from '../../orders/staffOrder.ts'
import { searchStaffOrders } from '../../orders/staffOrderSearch.ts'
import { allow } from '../../staff/allow.ts'
import type { StaffEnv } from '../../staff/allow.ts'
import { staffActor } from '../../staff/audit.ts'

export interface OrdersStaffSettings {
  /** Whose network the SIMs are on: recorded fulfilment is applied as that network's events are. */
  network: NetworkSource
}

const refusalText: Record<FulfilmentRefusal, string> = {
  not_found: 'No such SIM on this order.',
  iccid_taken: 'This ICCID is already on another SIM.',
  not_dispatchable: 'This SIM is past dispatch.',
  already_dispatched: 'This SIM was already dispatched with other details.',
  not_on_its_way: 'This SIM has not been dispatched yet.',
  already_delivered: 'A different delivery was already recorded for this SIM.',
}

const SearchSchema = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(200))),
  status: v.optional(v.picklist(ORDER_STAGES)),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(100))),
})

const simId = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : undefined)

/**
 * The back office's orders: search and lists by status (paid and waiting to be sent first), one order's page with its
 * timeline, and fulfilment's records (dispatch; delivery with the RICA result), which drive the SIM's life.
 */
export function ordersStaffRoutes(db: Db, config: Partial<Config>, settings: OrdersStaffSettings) {
  const fulfilment = { network: settings.network, sealKey: idNumberKeyOf(config) }

  const answered = async (c: Parameters<typeof staffActor>[0], number: string, result: FulfilmentOutcome) => {
    if ('refused' in result) return c.json({ error: refusalText[result.refused], code: result.refused }, result.status)
    return c.json({ outcome: result.outcome, order: await loadStaffOrder(db, number) })
  }

  return new Hono<StaffEnv>()
    .get('/orders', allow('orders.search'), async (c) => {
      const parsed = v.safeParse(SearchSchema, c.req.query())
      if (!parsed.success) return jsonError(c, 400, 'Unknown status or search')
      const { q, status, cursor } = parsed.output
      return c.json(await searchStaffOrders(db, { ...(q ? { q } : {}), ...(status ? { stage: status } : {}), ...(cursor ? { cursor } : {}) }))
    })
    .get('/orders/:number', allow('orders.read'), async (c) => {
      const order = await loadStaffOrder(db, c.req.param('number'))
      return order ? c.json({ order }) : jsonError(c, 404, 'No such order')
    })
    .post('/orders/:number/sims/:serviceId/dispatch', allow('fulfilment.record'), async (c) => {
      const read = readJson(c, DispatchSchema)
      if ('refused' in read) return read.refused
      const id = simId(c.req.param('serviceId'))
      if (id === undefined) return jsonError(c, 404, refusalText.not_found)
      const number = c.req.param('number')
      return answered(c, number, await recordDispatch(db, { ...staffActor(c, config), staffId: c.var.staff.id }, number, id, read.body, fulfilment))
    })
    .post('/orders/:number/sims/:serviceId/delivery', allow('fulfilment.record'), async (c) => {
      const read = readJson(c, DeliverySchema)
      if ('refused' in read) return read.refused
      const id = simId(c.req.param('serviceId'))
      if (id === undefined) return jsonError(c, 404, refusalText.not_found)
      const number = c.req.param('number')
      return answered(c, number, await recordDelivery(db, { ...staffActor(c, config), staffId: c.var.staff.id }, number, id, read.body, fulfilment))
    })
}
