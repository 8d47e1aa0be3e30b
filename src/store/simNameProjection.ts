import { isServiceFact } from '../domain/events.ts'
import { applyServiceFact, noSimNames, SIM_NAMES_PROJECTION_VERSION, type SimNames, withoutCustomerSimNames } from '../domain/simNameProjection.ts'
import type { Projection } from './projection.ts'

/** The SIM names given on this device, so a new name shows at once, offline and after a reload. */
export const simNameProjection: Projection<SimNames> = {
  name: 'simNames',
  version: SIM_NAMES_PROJECTION_VERSION,
  table: 'simNames',
  initial: noSimNames,
  apply: (state, fact) => {
    if (isServiceFact(fact)) return applyServiceFact(state, fact)
    return fact.type === 'v1.AccountDeleted' ? withoutCustomerSimNames(state, fact.payload.customerId) : state
  },
}
