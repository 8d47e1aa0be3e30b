import type { Handler } from 'hono'
import { parseCataloguePicturePath } from '../../src/domain/pictures.ts'
import type { Db } from '../db/types.ts'
import { readCataloguePicture } from '../pictures/cataloguePictures.ts'
import { sendFile } from './clientFiles.ts'
import type { LoadedFile } from './clientFiles.ts'
import { jsonError } from './errors.ts'

const headers = { 'Cache-Control': 'public, max-age=31536000, immutable' }

// A picture never changes under its path, so each instance reads it from the database once; the last few are kept.
const keptPictures = 64

/**
 * GET /images/catalogue/<hash>-<width>.jpg: an uploaded catalogue picture from the one database (so every instance
 * serves what any instance stored), cached for a year, its ETag the name it never changes under.
 */
export function cataloguePicture(db: Db): Handler {
  const kept = new Map<string, LoadedFile>()
  return async (c) => {
    const picture = parseCataloguePicturePath(c.req.path)
    if (!picture) return jsonError(c, 404, 'Not found')
    const name = `${picture.hash}-${picture.width}`
    let file = kept.get(name)
    if (!file) {
      const bytes = await readCataloguePicture(db, picture.hash, picture.width)
      if (!bytes) return jsonError(c, 404, 'Not found')
      file = { version: name, type: 'image/jpeg', etag: `"${name}"`, identity: new Uint8Array(bytes) }
      kept.set(name, file)
      const [oldest] = kept.keys()
      if (kept.size > keptPictures && oldest !== undefined) kept.delete(oldest)
    }
    return sendFile(c, file, headers)
  }
}
