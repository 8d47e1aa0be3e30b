import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Context, MiddlewareHandler } from 'hono'
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

const manifestPath = /^\/manifest(\.[a-z]{2})?\.webmanifest$/
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')
const encode = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>

/** The favicon: the icon drawn in an SVG, so the build's /favicon.svg (in the page and the worker's precache) keeps its path. */
const faviconSvg = (png: Uint8Array, name: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>${escapeHtml(name)}</title><image width="64" height="64" href="data:image/png;base64,${Buffer.from(png).toString('base64')}"/></svg>`

/** The brand's own files: the icons and favicon (with SHOP_ICON) and the logo (with SHOP_LOGO), by path, and the brand's hash. */
async function ownFiles(brand: ShopBrand): Promise<{ hash: string; files: Map<string, LoadedFile> }> {
  const bytes = new Map<string, Uint8Array>()
  if (brand.iconFile) {
    const drawn = await resizePictures(
      new Uint8Array(await readFile(brand.iconFile)),
      brandIcons.map(({ pixels }) => ({ width: pixels, height: pixels, fit: 'contain' as const })),
      'image/png',
    )
    brandIcons.forEach(({ path }, i) => {
      const png = drawn[i]
      if (!png) throw new Error(`SHOP_ICON was not drawn for ${path}`)
      bytes.set(path, path.endsWith('.svg') ? encode(faviconSvg(png, brand.name)) : png)
    })
  }
  if (brand.logoFile) bytes.set(logoPath(brand), new Uint8Array(await readFile(brand.logoFile)))
  const hash = sha256([JSON.stringify(pageBrand(brand)), ...[...bytes].map(([path, b]) => `${path}:${sha256(b)}`)].join('\n'))
  const files = new Map<string, LoadedFile>()
  for (const [path, b] of bytes) files.set(path, compressed(b as Uint8Array<ArrayBuffer>, getMimeType(path) ?? 'application/octet-stream', hash))
  return { hash, files }
}

// The worker's precache entries of files the brand changes: the page (its title, colours and brand), the manifests, the icons.
const brandedEntry =
  /\{"revision":"([^"]+)","url":"(index\.html|favicon\.svg|manifest(?:\.[a-z]{2})?\.webmanifest|icons\/(?:icon-192|icon-512|maskable-512|apple-touch-icon)\.png)"\}/g

/**
 * The service worker as served: the precache revisions of the files the brand changes mixed with the brand's hash, and
 * `extra` entries (the logo) precached too. An installed app's browser finds the worker changed on its next online
 * visit, and the new worker fetches those files again (the unchanged hashed assets stay), so a new brand never stays
 * behind in a precache.
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

/** A built manifest with the brand's name, short name and theme colour. */
const brandedManifest = (built: string, brand: ShopBrand) =>
  JSON.stringify({ ...(JSON.parse(built) as object), name: brand.name, short_name: brand.shortName, theme_color: brand.themeColour })

/**
 * Serves the brand's files in place of the build's (the build is the same for every reseller), revalidated by ETag
 * like the build's own: the icons and logo made once from the start (drawn in a worker thread), the manifests and the
 * worker made from the build's as they are on disk (a new build under a running server is served at once).
 */
export function brandFileRoutes(distDir: string, brand: ShopBrand): MiddlewareHandler {
  let own = ownFiles(brand)
  // Failing here is reported by the first request that needs the files (and tried again there).
  own.catch(() => undefined)
  const fromBuild = new Map<string, LoadedFile>()

  /** The build's manifest or worker at `path` with the brand written in, made again when the build's file changed. */
  async function branded(path: string, hash: string, logo: LoadedFile | undefined): Promise<LoadedFile | undefined> {
    const file = join(distDir, path.slice(1))
    const info = await stat(file).catch(() => undefined)
    if (!info?.isFile()) return undefined
    const version = `${info.size}:${info.mtimeMs}:${hash}`
    const kept = fromBuild.get(path)
    if (kept?.version === version) return kept
    const built = await readFile(file, 'utf8')
    const logoEntry = logo ? new Map([[logoPath(brand).slice(1), sha256(logo.identity).slice(0, 32)]]) : undefined
    const text = path === '/sw.js' ? brandedWorker(built, hash, logoEntry) : brandedManifest(built, brand)
    const loaded = compressed(encode(text), getMimeType(path) ?? 'application/octet-stream', version)
    fromBuild.set(path, loaded)
    return loaded
  }

  const ownOrNothing = async (c: Context) => {
    try {
      return await own
    } catch (error) {
      own = ownFiles(brand)
      own.catch(() => undefined)
      requestLog(c).error({ err: error }, "the brand's icons could not be made; serving the build's")
      return undefined
    }
  }

  return async (c, next) => {
    const { method, path } = c.req
    const fromTheBuild = path === '/sw.js' || manifestPath.test(path)
    if ((method !== 'GET' && method !== 'HEAD') || !(fromTheBuild || path === logoPath(brand) || brandIcons.some((icon) => icon.path === path))) return next()
    const made = await ownOrNothing(c)
    if (!made) return next()
    const logo = brand.logoFile ? made.files.get(logoPath(brand)) : undefined
    const file = fromTheBuild ? await branded(path, made.hash, logo) : made.files.get(path)
    return file ? sendFile(c, file, { 'Cache-Control': 'no-cache' }) : next()
  }
}
