import type { RicaFailure, SimLife, SimLifeView } from '../../src/domain/service.ts'

/** The services columns a SIM's life is read from (select them with this list, from `services`). */
export const simLifeColumns = 'life, life_since, delivery_attempt, courier, tracking_reference, rica_failure'

export interface SimLifeRow {
  life: SimLife
  life_since: Date | string
  delivery_attempt: number
  courier: string | null
  tracking_reference: string | null
  rica_failure: RicaFailure | null
}

/** A SIM's life as the answers carry it (the service's and the order's). */
export const simLifeView = (row: SimLifeRow): SimLifeView => ({
  state: row.life,
  since: new Date(row.life_since).toISOString(),
  attempt: row.delivery_attempt,
  courier: row.courier,
  tracking_reference: row.tracking_reference,
  rica_failure: row.rica_failure,
})
