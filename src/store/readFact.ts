import { checkFact } from '../domain/factCheck.ts'
import { reportError } from '../reportError.ts'
import type { EventRow } from './rows.ts'

/**
 * A row of the log as a fact of this build (an older version upcast); null for a row that is not one (written by
 * a newer build, or damaged), which is reported and skipped so it never reaches a projection.
 */
export function readFact(row: EventRow): EventRow | null {
  const checked = checkFact(row)
  if (checked.ok) return { ...checked.fact, seq: row.seq }
  reportError(new Error(`Skipped the fact at seq ${row.seq}: ${checked.problem}`), 'event log')
  return null
}
