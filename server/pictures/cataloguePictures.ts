import type { PictureWidth } from '../../src/domain/pictures.ts'
import type { Queryable } from '../db/types.ts'

/** Keeps a picture's drawn sizes under its hash; a picture uploaded again keeps the rows it has. */
export async function storeCataloguePicture(tx: Queryable, hash: string, sizes: ReadonlyMap<PictureWidth, Uint8Array>): Promise<void> {
  for (const [width, bytes] of sizes)
    await tx.query('insert into catalogue_pictures (hash, width, bytes) values ($1, $2, $3) on conflict (hash, width) do nothing', [hash, width, Buffer.from(bytes)])
}

/** Whether every size of the picture is stored already (an upload of the same bytes need not draw it again). */
export async function cataloguePictureStored(db: Queryable, hash: string, widths: readonly PictureWidth[]): Promise<boolean> {
  const [row] = await db.query<{ n: number | string }>('select count(*) as n from catalogue_pictures where hash = $1 and width = any($2::int[])', [hash, widths])
  return Number(row?.n ?? 0) === widths.length
}

/** One size of a stored picture, or undefined. */
export async function readCataloguePicture(db: Queryable, hash: string, width: PictureWidth): Promise<Uint8Array | undefined> {
  const [row] = await db.query<{ bytes: Uint8Array }>('select bytes from catalogue_pictures where hash = $1 and width = $2', [hash, width])
  return row ? new Uint8Array(row.bytes) : undefined
}
