import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Handler } from 'hono'
import { jsonError } from './errors.ts'

const imagesDir = fileURLToPath(new URL('../seed/images/', import.meta.url))
// Only plain file names reach the disk: no dots, slashes or encodings to escape the folder with.
const safeName = /^[a-z0-9-]+\.svg$/

/** GET /images/products/:file: the seeded package pictures, cached for a year (names change with the artwork). */
export const productImage: Handler = async (c) => {
  const file = c.req.param('file') ?? ''
  if (!safeName.test(file)) return jsonError(c, 404, 'Not found')
  const body = await readFile(imagesDir + file).catch(() => undefined)
  if (!body) return jsonError(c, 404, 'Not found')
  return c.body(new Uint8Array(body), 200, {
    'Content-Type': 'image/svg+xml',
    'Cache-Control': 'public, max-age=31536000, immutable',
    // An SVG opened directly is a document; forbid it from running script.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  })
}
