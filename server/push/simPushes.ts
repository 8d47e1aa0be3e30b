import type { Queryable } from '../db/types.ts'
import { pushTopic } from './delivery.ts'
import { queuePush } from './notify.ts'

/** The SIM's customer and the name the customer gave it. */
async function simOf(tx: Queryable, serviceId: number) {
  const [sim] = await tx.query<{ customer_id: number; name: string }>('select customer_id, name from services where id = $1', [serviceId])
  return sim && { customerId: Number(sim.customer_id), name: sim.name }
}

type SimKind = 'sim_activated' | 'rica_verified' | 'rica_failed'

/** The SIM's life moved (server/network/simEvents.ts): active, or RICA verified or failed at a delivery attempt. */
export async function pushSimLife(tx: Queryable, serviceId: number, kind: SimKind, attempt = 1): Promise<void> {
  const sim = await simOf(tx, serviceId)
  if (!sim) return
  await queuePush(tx, {
    customerId: sim.customerId,
    kind,
    eventKey: `${kind}:${serviceId}:${attempt}`,
    values: { sim: sim.name },
    path: `/service/${serviceId}`,
    topic: pushTopic.sim(serviceId),
  })
}

/** A scheduled package change was applied to the SIM (server/services/applyDueActions.ts), once per action. */
export async function pushPlanChanged(tx: Queryable, { serviceId, actionId, plan }: { serviceId: number; actionId: number; plan: string }): Promise<void> {
  const sim = await simOf(tx, serviceId)
  if (!sim) return
  await queuePush(tx, {
    customerId: sim.customerId,
    kind: 'plan_changed',
    eventKey: `plan:${actionId}`,
    values: { sim: sim.name, plan },
    path: `/service/${serviceId}`,
    topic: pushTopic.sim(serviceId),
  })
}

/** The network added a paid bundle to its SIM (its request.applied event), once per bundle order; named as the catalogue names it in each language. */
export async function pushBundleCredited(tx: Queryable, orderId: number): Promise<void> {
  const [bought] = await tx.query<{ service_id: number; bundle_id: string }>('select service_id, bundle_id from bundle_purchases where order_id = $1', [
    orderId,
  ])
  if (!bought) return
  const sim = await simOf(tx, Number(bought.service_id))
  if (!sim) return
  const names = await bundleNames(tx, orderId, bought.bundle_id)
  await queuePush(tx, {
    customerId: sim.customerId,
    kind: 'bundle_credited',
    eventKey: `bundle:${orderId}`,
    values: (language) => ({ sim: sim.name, bundle: names.get(language) ?? names.get('en') ?? '' }),
    path: `/service/${bought.service_id}`,
    topic: pushTopic.bundle(orderId),
  })
}

/** The bundle's name by language: the catalogue's (bundles, bundle_texts), else the order line's as sold. */
async function bundleNames(tx: Queryable, orderId: number, bundleId: string): Promise<Map<string, string>> {
  const rows = await tx.query<{ language: string; name: string }>(
    `select 'en' as language, name from bundles where id = $1
     union all select language, name from bundle_texts where bundle_id = $1`,
    [bundleId],
  )
  const names = new Map(rows.map((row) => [row.language, row.name]))
  if (!names.has('en')) {
    const [line] = await tx.query<{ name: string }>('select name from order_lines where order_id = $1 order by number limit 1', [orderId])
    if (line) names.set('en', line.name)
  }
  return names
}
