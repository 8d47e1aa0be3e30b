import { Hono } from 'hono'
import * as v from 'valibot'
import { DeliverySchema, DispatchSchema, isIccid, StaffOrderSchema, StaffOrdersAnswerSchema } from '../../../src/domain/staffOrderSchemas.ts'
import { ORDER_STAGES } from '../../../src/domain/staffOrders.ts'
import type { FulfilmentRefusal } from '../../../src/domain/staffOrders.ts'
import { idNumberKeyOf } from '../../accounts/idNumberSeal.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/types.ts'
import { jsonError } from '../../http/errors.ts'
import { answer, refusal } from '../../http/openApi.ts'
import { readJson } from '../../http/jsonBody.ts'
import type { NetworkSource } from '../../network/network.ts'
import { recordDelivery, recordDispatch } from '../../orders/recordFulfilment.ts'
import type { FulfilmentOutcome } from '../../orders/recordFulfilment.ts'
import { loadStaffOrder } from '../../orders/staffOrder.ts'
import { searchStaffOrders } from '../../orders/staffOrderSearch.ts'
import { allow } from '../../staff/allow.ts'
import type { StaffEnv } from '../../staff/allow.ts'
import { staffActor } from '../../staff/audit.ts'
import { describeStaff } from '../../staff/describeStaff.ts'

export interface OrdersStaffSettings {
  /** Whose network the SIMs are on: recorded fulfilment is applied as that network's events are. */
  network: NetworkSource
}

const refusalText: Record<FulfilmentRefusal, string> = {
  iccid_invalid: 'An ICCID is 19 or 20 digits starting 8927, the last a check digit.',
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

const OrderAnswerSchema = v.object({ order: StaffOrderSchema })
const RecordedSchema = v.object({ outcome: v.picklist(['applied', 'duplicate']), order: StaffOrderSchema })
const fulfilmentRefusals = {
  404: refusal('No such SIM on this order'),
  409: refusal(
    'The SIM is not at this step (code not_dispatchable, not_on_its_way), a different record of this step was made (already_dispatched, already_delivered), or the ICCID is on another SIM (iccid_taken)',
  ),
}

const described = {
  search: describeStaff({
    summary:
      'Orders: paid ones waiting to be sent first (oldest first), then the others newest first; q finds an order number, a customer email, a mobile number or a payment id; status lists one stage; a page at a time (cursor: the previous page’s next)',
    access: 'orders.search',
    tags: ['staff orders'],
    responses: { 200: answer('A page of orders', StaffOrdersAnswerSchema), 400: refusal('An unknown status') },
  }),
  one: describeStaff({
    summary: 'One order: its lines, customer, payments, SIMs with their life, and the timeline of every event naming its actor',
    access: 'orders.read',
    tags: ['staff orders'],
    responses: { 200: answer('The order', OrderAnswerSchema), 404: refusal('No such order') },
  }),
  dispatch: describeStaff({
    summary:
      'Record the dispatch of a SIM being prepared (or to be sent again after RICA failed): courier, tracking reference and the ICCID sent; once per SIM and attempt (a repeat answers duplicate)',
    access: 'fulfilment.record',
    body: DispatchSchema,
    tags: ['staff orders'],
    responses: { 200: answer('Recorded (or a repeat of the same record), with the order as it now stands', RecordedSchema), ...fulfilmentRefusals },
  }),
  delivery: describeStaff({
    summary: 'Record the delivery of a SIM on its way with the RICA result: verified queues the activation with the network; failed says why',
    access: 'fulfilment.record',
    body: DeliverySchema,
    tags: ['staff orders'],
    responses: { 200: answer('Recorded (or a repeat of the same record), with the order as it now stands', RecordedSchema), ...fulfilmentRefusals },
  }),
}

/** Whether a dispatch's ICCID is what the body got wrong (a mistyped digit, most often): said with its own code. */
const mistypedIccid = (sent: unknown): boolean => {
  const iccid = (sent as { iccid?: unknown } | undefined)?.iccid
  return typeof iccid === 'string' && !isIccid(iccid.replace(/[\s-]/g, ''))
}

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
    .get('/orders', allow('orders.search'), described.search, async (c) => {
      const parsed = v.safeParse(SearchSchema, c.req.query())
      if (!parsed.success) return jsonError(c, 400, 'Unknown status or search')
      const { q, status, cursor } = parsed.output
      return c.json(await searchStaffOrders(db, { ...(q ? { q } : {}), ...(status ? { stage: status } : {}), ...(cursor ? { cursor } : {}) }))
    })
    .get('/orders/:number', allow('orders.read'), described.one, async (c) => {
      const order = await loadStaffOrder(db, c.req.param('number'))
      return order ? c.json({ order }) : jsonError(c, 404, 'No such order')
    })
    .post('/orders/:number/sims/:serviceId/dispatch', allow('fulfilment.record'), described.dispatch, async (c) => {
      const read = readJson(c, DispatchSchema)
      if ('refused' in read) return mistypedIccid(c.get('json')) ? c.json({ error: refusalText.iccid_invalid, code: 'iccid_invalid' }, 400) : read.refused
      const id = simId(c.req.param('serviceId'))
      if (id === undefined) return jsonError(c, 404, refusalText.not_found)
      const number = c.req.param('number')
      return answered(c, number, await recordDispatch(db, { ...staffActor(c, config), staffId: c.var.staff.id }, number, id, read.body, fulfilment))
    })
    .post('/orders/:number/sims/:serviceId/delivery', allow('fulfilment.record'), described.delivery, async (c) => {
      const read = readJson(c, DeliverySchema)
      if ('refused' in read) return read.refused
      const id = simId(c.req.param('serviceId'))
      if (id === undefined) return jsonError(c, 404, refusalText.not_found)
      const number = c.req.param('number')
      return answered(c, number, await recordDelivery(db, { ...staffActor(c, config), staffId: c.var.staff.id }, number, id, read.body, fulfilment))
    })
}
