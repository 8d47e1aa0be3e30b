import { readFile } from 'node:fs/promises'
import type { Handler } from 'hono'
import { compressed, sendFile, type LoadedFile } from './clientFiles.ts'
import { jsonError } from './errors.ts'
import { serverFile } from '../paths.ts'

const imagesDir = `${serverFile('server/seed/images')}/`
// Only plain file names reach the disk: no dots, slashes or encodings to escape the folder with.
const safeName = /^[a-z0-9-]+\.svg$/
// The pictures never change under a name, so each is read and compressed once.
const loaded = new Map<string, Promise<LoadedFile | undefined>>()

const headers = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  // An SVG opened directly is a document; forbid it from running script.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
}

/**
 * GET /images/products/:file: the seeded package pictures, cached for a year (names change with the artwork).
 * They are SVG: a few hundred bytes compressed, sharp at the 112 px of a phone's card and the 320 px of a wide
 * one alike, so no raster size or format has to be chosen per screen.
 */
export const productImage: Handler = async (c) => {
  const file = c.req.param('file') ?? ''
  if (!safeName.test(file)) return jsonError(c, 404, 'Not found')
  let image = loaded.get(file)
  if (!image) {
    image = readFile(imagesDir + file).then(
      (bytes) => compressed(new Uint8Array(bytes), 'image/svg+xml', file),
      () => undefined,
    )
    loaded.set(file, image)
  }
  const found = await image
  if (!found) {
    loaded.delete(file)
    return jsonError(c, 404, 'Not found')
  }
  return sendFile(c, found, headers)
}
