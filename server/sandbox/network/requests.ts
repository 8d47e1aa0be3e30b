import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { BUNDLE_KINDS } from '../../../src/domain/bundle.ts'
import { defined } from '../../../src/domain/defined.ts'
import { PRODUCT_BILLING } from '../../../src/domain/service.ts'
import { isIccid } from '../../../src/domain/staffOrderSchemas.ts'
import type { Queryable } from '../../db/types.ts'
import type { Logger } from '../../log.ts'
import { addBundle } from './addBundle.ts'
import { sandboxEvent } from './events.ts'
import type { SandboxEvent } from './events.ts'
import { bundlesOf } from './reading.ts'
import { imsiFor, serviceNumberFor } from './simNumbers.ts'
import { monthlyStart, prepaidStart } from './starterBalances.ts'
import { findSim, readingOf, report } from './store.ts'
import type { SandboxSim, SimStatus } from './store.ts'

/** A POST as the sandbox network received it. */
export interface NetworkCall {
  path: string
  key: string
  body: unknown
}

/** What the network answers, and the events the answer leads to (sent once the answer is committed). */
export interface Answered {
  status: number
  answer: Record<string, unknown>
  events: SandboxEvent[]
}

export const refusal = (status: number, code: string, message: string): Answered => ({ status, answer: { error: { code, message } }, events: [] })

const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))
const RicaSchema = v.object({
  first_names: text(200),
  surname: text(200),
  document: v.object({ type: v.picklist(['sa_id', 'passport']), number: text(40), country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))) }),
  address: v.object({ line1: text(200), city: text(100), postal_code: text(10) }),
})
const ActivationSchema = v.object({ iccid: text(22), plan: text(64), billing: v.picklist(PRODUCT_BILLING), reference: text(64), rica: RicaSchema })
const PlanSchema = v.object({ plan: text(64) })
const BundleSchema = v.object({
  bundle: v.object({
    kind: v.picklist(BUNDLE_KINDS),
    amount: v.pipe(v.number(), v.integer(), v.minValue(1)),
    validity_days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3660)),
  }),
  reference: text(64),
})
const SuspensionSchema = v.object({ reason: text(200) })

/** JSON with every object's keys in order, so the same request sent with its keys in another order is the same request. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  )

const accepted = (key: string, events: SandboxEvent[]): Answered => ({ status: 202, answer: { request: key, status: 'accepted' }, events })
const applied = (sim: SandboxSim, key: string, at: Date) =>
  sandboxEvent('request.applied', { iccid: sim.iccid, reference: sim.reference }, { request: key }, at)
const invalid = (issues: v.BaseIssue<unknown>[]) => refusal(400, 'invalid_request', v.summarize(issues as [v.BaseIssue<unknown>]))

/**
 * Takes a POST once per Idempotency-Key, in the caller's transaction: the first keeps its answer, a repeat gets that
 * answer and nothing is done again (no second number, no second bundle); the same key for another request is refused.
 */
export async function takeCall(tx: Queryable, call: NetworkCall, now: Date, log?: Logger): Promise<Answered> {
  const fingerprint = createHash('sha256')
    .update(`${call.path}\n${canonicalJson(call.body)}`)
    .digest('hex')
  const [taken] = await tx.query(
    `insert into sandbox_network_requests (idempotency_key, fingerprint, status, answer, received_at) values ($1, $2, 202, '{}', $3)
     on conflict do nothing returning idempotency_key`,
    [call.key, fingerprint, now],
  )
  if (!taken) {
    const [first] = await tx.query<{ fingerprint: string; status: number; answer: Record<string, unknown> }>(
      'select fingerprint, status, answer from sandbox_network_requests where idempotency_key = $1',
      [call.key],
    )
    const { status, answer, fingerprint: was } = defined(first, 'the request its key names')
    if (was !== fingerprint) return refusal(422, 'idempotency_key_reused', 'This Idempotency-Key was used for another request.')
    return { status, answer, events: [] }
  }
  const answered = await perform(tx, call, now, log)
  await tx.query('update sandbox_network_requests set status = $2, answer = $3::text::jsonb where idempotency_key = $1', [
    call.key,
    answered.status,
    JSON.stringify(answered.answer),
  ])
  return answered
}

async function perform(tx: Queryable, { path, key, body }: NetworkCall, now: Date, log?: Logger): Promise<Answered> {
  if (path === '/v1/activations') {
    const parsed = v.safeParse(ActivationSchema, body)
    return parsed.success ? activate(tx, parsed.output, key, now, log) : invalid(parsed.issues)
  }
  const [, iccid = '', action = ''] = /^\/v1\/sims\/([^/]+)\/([a-z]+)$/.exec(path) ?? []
  const sim = await findSim(tx, { iccid }, true)
  if (!sim) return refusal(404, 'unknown_sim', 'The network has no SIM with this ICCID.')
  if (action === 'cancellation') {
    if (sim.status === 'inactive') return notActive()
    await setStatus(tx, sim, 'cancelled')
    return accepted(key, [applied(sim, key, now)])
  }
  if (sim.status !== 'active' && sim.status !== 'suspended') return notActive()
  if (action === 'plan') {
    const parsed = v.safeParse(PlanSchema, body)
    if (!parsed.success) return invalid(parsed.issues)
    await tx.query('update sandbox_network_sims set plan = $2 where iccid = $1', [sim.iccid, parsed.output.plan])
    return accepted(key, [applied(sim, key, now)])
  }
  if (action === 'suspension') {
    const parsed = v.safeParse(SuspensionSchema, body)
    if (!parsed.success) return invalid(parsed.issues)
    if (sim.status === 'active') await setStatus(tx, sim, 'suspended')
    return accepted(key, [applied(sim, key, now)])
  }
  if (action === 'bundles') {
    const parsed = v.safeParse(BundleSchema, body)
    if (!parsed.success) return invalid(parsed.issues)
    const { bundle } = parsed.output
    const billing = defined(sim.billing, 'an active SIM’s billing')
    if (billing === 'monthly' && bundle.kind !== 'data') return refusal(422, 'bundle_not_allowed', 'A monthly SIM takes data bundles only.')
    const before = readingOf(sim)
    const after = addBundle(
      { billing, additional_balances: before.balances?.additional_balances ?? null, spend_limit_available: before.usage?.spend_limit_available ?? null },
      bundle,
      now,
    )
    const reading = {
      ...(before.balances && after.additional_balances ? { balances: { ...before.balances, additional_balances: after.additional_balances } } : {}),
      ...(before.usage && after.spend_limit_available !== null ? { usage: { ...before.usage, spend_limit_available: after.spend_limit_available } } : {}),
    }
    const renewed = billing === 'monthly' ? ['spend_limit'] : [{ data: 'data0', voice: 'voice0', sms: 'sms0' }[bundle.kind]]
    const bundles = bundlesOf(reading, sim.bundles, renewed)
    return accepted(key, [applied(sim, key, now), ...(await report(tx, sim, reading, bundles, now))])
  }
  return refusal(404, 'not_found', 'No such call in the network’s API.')
}

const notActive = () => refusal(422, 'not_active', 'The SIM is not active on the network.')

async function setStatus(tx: Queryable, sim: SandboxSim, status: SimStatus): Promise<void> {
  await tx.query('update sandbox_network_sims set status = $2 where iccid = $1', [sim.iccid, status])
}

/**
 * A SIM the reseller's own fulfilment sent (its ICCID typed in the back office), which this page never dispatched: a
 * network knows every SIM of the stock it issued to the reseller, so it is taken as one of them, once, for the
 * reference it was sent for; none when the page already dispatched another SIM for that reference.
 */
async function fromResellerStock(tx: Queryable, request: v.InferOutput<typeof ActivationSchema>, now: Date): Promise<SandboxSim | undefined> {
  if (!isIccid(request.iccid)) return undefined
  await tx.query(
    `insert into sandbox_network_sims (iccid, reference, courier, tracking_reference, dispatched_at) values ($1, $2, '', '', $3)
     on conflict do nothing`,
    [request.iccid, request.reference, now],
  )
  return findSim(tx, { iccid: request.iccid }, true)
}

/** Gives a dispatched SIM whose RICA was verified its number and its starting balances or usage. */
async function activate(tx: Queryable, request: v.InferOutput<typeof ActivationSchema>, key: string, now: Date, log?: Logger): Promise<Answered> {
  const sim = (await findSim(tx, { iccid: request.iccid }, true)) ?? (await fromResellerStock(tx, request, now))
  if (!sim || sim.returned_at) return refusal(404, 'unknown_sim', 'The network has no SIM with this ICCID out with a customer.')
  if (sim.reference !== request.reference) return refusal(422, 'reference_mismatch', 'This SIM was dispatched for another reference.')
  if (sim.status !== 'inactive') return refusal(422, 'already_active', 'This SIM was activated already.')
  const [counter] = await tx.query<{ n: number }>("select nextval('sandbox_network_numbers')::bigint as n")
  const n = defined(counter, 'a number from the sandbox network').n
  const msisdn = serviceNumberFor(n)
  const imsi = imsiFor(n)
  await tx.query("update sandbox_network_sims set status = 'active', msisdn = $2, imsi = $3, plan = $4, billing = $5, activated_at = $6 where iccid = $1", [
    sim.iccid,
    msisdn,
    imsi,
    request.plan,
    request.billing,
    now,
  ])
  log?.info(
    { iccid: sim.iccid, msisdn, reference: sim.reference },
    "sandbox network activated a SIM with a number of its own (the sandbox's, not a real network's)",
  )
  const reading = request.billing === 'prepaid' ? { balances: prepaidStart(now) } : { usage: monthlyStart() }
  const named = { iccid: sim.iccid, reference: sim.reference }
  const activated = sandboxEvent('sim.activated', named, { msisdn, imsi }, now)
  return accepted(key, [activated, ...(await report(tx, { ...sim, status: 'active' }, reading, bundlesOf(reading), now))])
}
