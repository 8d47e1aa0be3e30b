import * as v from 'valibot'
import type { Service } from '../../../domain/service.ts'
import type { CancellationQuote, PackagesAnswer } from '../../../domain/serviceActions.ts'

/** The SIM the lab's fakes answer about; in sandbox mode the input names one of the signed-in tester's own SIMs. */
export const LAB_SERVICE_ID = 7001

export const SimInputSchema = v.object({ serviceId: v.pipe(v.number(), v.integer(), v.minValue(1)) })

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString()

/** A monthly 5G SIM as the server would answer it, with whatever the fake just scheduled. */
export function labService(serviceId: number, patch: Partial<Service> = {}): Service {
  return {
    id: serviceId,
    name: 'Lab router',
    product_id: 6,
    product: '5G Uncapped 100Mbps',
    status: 0,
    last_updated: new Date().toISOString(),
    activation_date: new Date(Date.now() - 20 * 86_400_000).toISOString(),
    associated_resource: '89270100000000000017',
    service_reference: `SVC-00${serviceId}`,
    service_number: '0820000001',
    imsi: '655010000000001',
    cancellation_date: null,
    subscriptions: [{ name: '5G Uncapped 100Mbps' }],
    scheduled_actions: [],
    total_usage: 0,
    peak_usage: 0,
    offpeak_usage: 0,
    spend_limit_available: 300e9,
    ...patch,
  }
}

/** The 5G packages the sandbox catalogue sells, as the packages question answers them. */
export const labPackages = (): PackagesAnswer => ({
  current: { product_id: 6, name: '5G Uncapped 100Mbps', plan: '5G Uncapped', speed: 'Up to 100Mbps', unit_price: 649 },
  current_price: 649,
  billing: 'monthly',
  effective_date: inAMonth(),
  packages: [
    { product_id: 5, name: '5G Uncapped 50Mbps', plan: '5G Uncapped', speed: 'Up to 50Mbps', unit_price: 549 },
    { product_id: 7, name: '5G Uncapped 200Mbps', plan: '5G Uncapped', speed: 'Up to 200Mbps', unit_price: 749 },
  ],
})

export const labCancellation = (): CancellationQuote => ({ billing: 'monthly', immediate: false, effective_date: inAMonth(), wallet_balance: null })

/** The SIM with a package change or cancellation scheduled, as the server answers scheduling it. */
export function labScheduled(serviceId: number, kind: 'plan_change' | 'cancellation', productId = 0): Service {
  const date = inAMonth()
  const chosen = labPackages().packages.find((p) => p.product_id === productId)
  const action =
    kind === 'cancellation'
      ? { id: 1, kind, date, name: `Cancellation on ${date.slice(0, 10)}` }
      : {
          id: 2,
          kind,
          date,
          name: `Package change to ${chosen?.name} on ${date.slice(0, 10)}`,
          product_id: productId,
          product: chosen?.name ?? '',
          unit_price: chosen?.unit_price ?? 0,
        }
  return labService(serviceId, { scheduled_actions: [action], cancellation_date: kind === 'cancellation' ? date : null })
}
