import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { compressed, type LoadedFile, sendFile } from '../http/clientFiles.ts'
import { escapeHtml } from '../http/escapeHtml.ts'
import { requestLog } from '../http/requestContext.ts'
import { resizePictures } from '../pictures/resizePicture.ts'
import { logoPath, pageBrand } from './brandPage.ts'
import type { ShopBrand } from './brandSettings.ts'

/** The app's icons made from SHOP_ICON, at the paths the manifests and the page name (the build's own are the demo's). */
export const brandIcons = [
  { path: '/icons/icon-192.png', pixels: 192 },
  { path: '/icons/icon-512.png', pixels: 512 },
  { path: '/icons/maskable-512.png', pixels: 512 },
  { path: '/icons/apple-touch-icon.png', pixels: 180 },
  { path: '/favicon.svg', pixels: 64 },
] as const

const manifestFile = /^manifest(\.[a-z]{2})?\.webmanifest$/
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')

/** The favicon: the icon drawn in an SVG, so the build's /favicon.svg (in the page and the worker's precache) keeps its path. */
const faviconSvg = (png: Uint8Array, name: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>${escapeHtml(name)}</title><image width="64" height="64" href="data:image/png;base64,${Buffer.from(png).toString('base64')}"/></svg>`

/** The files the brand changes, by path: the manifests, the icons and favicon (with SHOP_ICON), the logo (with SHOP_LOGO). */
async function brandedBytes(distDir: string, brand: ShopBrand): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>()
  const encode = (text: string) => new TextEncoder().encode(text)
  for (const name of (await readdir(distDir)).filter((n) => manifestFile.test(n)).sort()) {
    const built = JSON.parse(await readFile(join(distDir, name), 'utf8')) as Record<string, unknown>
    files.set(`/${name}`, encode(JSON.stringify({ ...built, name: brand.name, short_name: brand.shortName, theme_color: brand.themeColour })))
  }
  if (brand.iconFile) {
    const icon = new Uint8Array(await readFile(brand.iconFile))
    const drawn = await resizePictures(
      icon,
      brandIcons.map(({ pixels }) => ({ width: pixels, height: pixels, fit: 'contain' as const })),
      'image/png',
    )
    brandIcons.forEach(({ path }, i) => {
      const png = drawn[i]
      if (!png) throw new Error(`SHOP_ICON was not drawn for ${path}`)
      files.set(path, path.endsWith('.svg') ? encode(faviconSvg(png, brand.name)) : png)
    })
  }
  if (brand.logoFile) files.set(logoPath(brand), new Uint8Array(await readFile(brand.logoFile)))
  return files
}

// The worker's precache entries of files the brand changes: the page (its title, colours and brand), the manifests, the icons.
const brandedEntry =
  /\{"revision":"([^"]+)","url":"(index\.html|favicon\.svg|manifest(?:\.[a-z]{2})?\.webmanifest|icons\/(?:icon-192|icon-512|maskable-512|apple-touch-icon)\.png)"\}/g

/**
 * The service worker as served: the precache revisions of the files the brand changes mixed with the brand's hash, and
 * the logo precached too. An installed app's browser finds the worker changed on its next online visit, and the new
 * worker fetches those files again (the unchanged hashed assets stay), so a new brand never stays behind in a precache.
 */
export function brandedWorker(worker: string, brandHash: string, extra: ReadonlyMap<string, string> = new Map()): string {
  let entries = 0
  const mixed = worker.replace(brandedEntry, (_, revision: string, url: string) => {
    entries += 1
    return JSON.stringify({ revision: sha256(`${revision}:${brandHash}`).slice(0, 32), url })
  })
  if (entries === 0) return worker
  const added = [...extra].map(([url, revision]) => `${JSON.stringify({ revision, url })},`).join('')
  return mixed.replace('{"revision":', () => `${added}{"revision":`)
}

/** The brand's files as served, with the worker whose precache follows them. */
export async function brandFiles(distDir: string, brand: ShopBrand): Promise<Map<string, LoadedFile>> {
  const bytes = await brandedBytes(distDir, brand)
  const hash = sha256([JSON.stringify(pageBrand(brand)), ...[...bytes].map(([path, b]) => `${path}:${sha256(b)}`)].join('\n'))
  const loaded = new Map<string, LoadedFile>()
  const add = (path: string, data: Uint8Array) =>
    loaded.set(path, compressed(data as Uint8Array<ArrayBuffer>, getMimeType(path) ?? 'application/octet-stream', hash))
  for (const [path, data] of bytes) add(path, data)
  const worker = await readFile(join(distDir, 'sw.js'), 'utf8').catch(() => undefined)
  if (worker !== undefined) {
    const logo = brand.logoFile ? new Map([[logoPath(brand).slice(1), sha256(bytes.get(logoPath(brand)) ?? '').slice(0, 32)]]) : undefined
    add('/sw.js', new TextEncoder().encode(brandedWorker(worker, hash, logo)))
  }
  return loaded
}

/**
 * Serves the brand's files in place of the build's (the build is the same for every reseller): made once, from the
 * start (the icons are drawn in a worker thread), revalidated by ETag like the build's own files.
 */
export function brandFileRoutes(distDir: string, brand: ShopBrand): MiddlewareHandler {
  let files: Promise<Map<string, LoadedFile>> | undefined = brandFiles(distDir, brand)
  // Failing here is reported by the first request that needs the files (and retried there).
  files.catch(() => undefined)
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    files ??= brandFiles(distDir, brand)
    const file = await files.then(
      (found) => found.get(c.req.path),
      (error: unknown) => {
        files = undefined
        requestLog(c).error({ err: error }, "the brand's files could not be made; serving the build's")
        return undefined
      },
    )
    return file ? sendFile(c, file, { 'Cache-Control': 'no-cache' }) : next()
  }
}
