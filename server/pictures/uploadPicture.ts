import { createHash } from 'node:crypto'
import { MAX_PICTURE_BYTES, MAX_PICTURE_SIDE, PICTURE_WIDTHS, cataloguePicturePath, pictureHeight } from '../../src/domain/pictures.ts'
import type { PictureRefusal, PictureWidth } from '../../src/domain/pictures.ts'
import type { Db } from '../db/types.ts'
import { audit } from '../staff/audit.ts'
import type { StaffActor } from '../staff/audit.ts'
import { cataloguePictureStored, storeCataloguePicture } from './cataloguePictures.ts'
import { readPictureHeader } from './pictureHeader.ts'
import { resizePictures } from './resizePicture.ts'

export type PictureUpload = { image: string } | { refused: PictureRefusal }

/** The content hash a picture is kept and served under: of the bytes uploaded, so the same picture is kept once. */
const pictureHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 32)

/**
 * A picture for the catalogue: checked (a JPEG or PNG by its first bytes, at most MAX_PICTURE_BYTES and
 * MAX_PICTURE_SIDE on each side, before anything is decoded), drawn at the card's sizes off the event loop, kept in
 * the database with its audit row (catalogue.picture.upload) in one transaction. Answers the path of its 320 px size.
 */
export async function uploadPicture(db: Db, actor: StaffActor, bytes: Uint8Array): Promise<PictureUpload> {
  if (bytes.length > MAX_PICTURE_BYTES) return { refused: 'picture_too_large' }
  const header = readPictureHeader(bytes)
  if (!header) return { refused: bytes.length === 0 ? 'picture_unreadable' : 'picture_type' }
  if (header.width > MAX_PICTURE_SIDE || header.height > MAX_PICTURE_SIDE) return { refused: 'picture_too_many_pixels' }
  const hash = pictureHash(bytes)
  const sizes = new Map<PictureWidth, Uint8Array>()
  if (!(await cataloguePictureStored(db, hash, PICTURE_WIDTHS))) {
    const boxes = PICTURE_WIDTHS.map((width) => ({ width, height: pictureHeight(width), fit: 'cover' as const }))
    const drawn = await resizePictures(bytes, boxes, 'image/jpeg').catch(() => undefined)
    if (!drawn) return { refused: 'picture_unreadable' }
    for (const [i, width] of PICTURE_WIDTHS.entries()) sizes.set(width, drawn[i] as Uint8Array)
  }
  await db.transaction(async (tx) => {
    await storeCataloguePicture(tx, hash, sizes)
    await audit(tx, actor, {
      action: 'catalogue.picture.upload',
      targetType: 'picture',
      targetId: hash,
      summary: { type: header.type, bytes: bytes.length, width: header.width, height: header.height },
    })
  })
  return { image: cataloguePicturePath(hash, PICTURE_WIDTHS[0]) }
}
