import { maskedIdNumber } from '../../src/domain/identityDocument.ts'
import type { Db } from '../db/types.ts'
import { sealIdNumber } from './idNumberSeal.ts'

/**
 * Run at every start (server/server.ts), before any request: seals the ID numbers customers gave before migration 025
 * kept them plain, and empties the plain column. Rows already sealed have no plain number, so a second run (or another
 * instance at the same time: rows are claimed with SKIP LOCKED) finds nothing to do. Returns how many it sealed.
 */
export async function sealPlainIdNumbers(db: Db, key: Buffer, batch = 500): Promise<number> {
  let sealed = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number; id_number: string }>(
        `select id, id_number from customers where id_number <> '' order by id limit ${batch} for update skip locked`,
      )
      for (const { id, id_number } of rows)
        await tx.query(`update customers set id_number_sealed = $2, id_number_masked = $3, id_number = '' where id = $1`, [
          id,
          sealIdNumber(id_number, key),
          maskedIdNumber(id_number),
        ])
      return rows.length
    })
    sealed += done
    if (done < batch) return sealed
  }
}
