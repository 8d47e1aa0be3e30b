import type { Queryable } from '../db/types.ts'

/** The channel every instance listens on for catalogue changes. */
export const CATALOGUE_CHANNEL = 'catalogue_changed'

/** Says, in the transaction that changes the catalogue, that it changed: delivered to every instance at commit. */
export async function catalogueChanged(tx: Queryable): Promise<void> {
  await tx.query(`select pg_notify('${CATALOGUE_CHANNEL}', '')`)
}
