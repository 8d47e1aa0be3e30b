import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { resolve, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { looksLikeFile } from '../../src/domain/routePaths.ts'
import { SENT_TIMING } from '../../src/domain/sentTiming.ts'
import { requestLog } from './requestContext.ts'

/** A file's bytes as sent: plain and, when worth it, gzip and brotli, with its ETag. */
export interface LoadedFile {
  version: string
  type: string
  etag: string
  identity: Uint8Array<ArrayBuffer>
  gzip?: Uint8Array<ArrayBuffer>
  br?: Uint8Array<ArrayBuffer>
}

const compressible = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg)/
// Vite names everything under /assets by content hash, so those bytes never change under a name.
const cacheControl = (path: string) => (path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
const isBackendPath = (path: string) => /^\/(api|images)(\/|$)/.test(path)
/** The staff app's routes: /staff and everything under it, answered with its own page (never the storefront's). */
export const isStaffPath = (path: string) => /^\/staff(\/|$)/.test(path)
/** Where the build writes the staff app's page (tools/vite/staffApp.ts). */
const staffPageFile = ['staff', 'index.html'] as const

/** Headers for the request's HTML answers (the page security policy), 304s included so caches keep them current. */
export type PageHeaders = (c: Context) => Record<string, string>

/** An app route's first HTML: rendered once per key (what the page depends on) and kept. */
export interface FirstPage {
  key: string
  /** The request header the page also depends on, for caches. */
  vary: string
  render: () => Promise<string>
}

/** Decides whether the request's route arrives rendered, given index.html as the template; undefined sends the template. */
export type FirstPages = (c: Context, template: { text: string; etag: string }) => Promise<FirstPage | undefined>

// Rendered pages are few (six routes, three languages) but each new catalogue makes new ones; old keys go first.
const maxRenderedPages = 24

/** Compresses a file's bytes once (text types over 1 KiB) and tags them. */
export function compressed(identity: Uint8Array<ArrayBuffer>, type: string, version: string): LoadedFile {
  const hash = createHash('sha1').update(identity).digest('base64url')
  const loaded: LoadedFile = { version, type, etag: `W/"${hash}"`, identity }
  if (compressible.test(type) && identity.length > 1024) {
    loaded.gzip = new Uint8Array(gzipSync(identity, { level: 9 }))
    loaded.br = new Uint8Array(brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }))
  }
  return loaded
}

/** What the server writes into the pages it serves, the back office page's own headers, and where other releases' files come from. */
export interface PageWriters {
  /** Writes what every storefront page carries (the deployment's settings, the brand) into each HTML file. */
  pageHtml?: (html: string) => string
  /** Writes what the back office's page carries (the brand). */
  staffPageHtml?: (html: string) => string
  staffPageHeaders?: PageHeaders
  /** The hashed files of other releases (server/http/clientAssets.ts): asked for a path under /assets/ this build lacks. */
  otherReleases?: (path: string) => Promise<LoadedFile | undefined>
}

/**
 * Serves the Vite build in distDir: hashed assets cached for a year, everything else revalidated by ETag,
 * compressed once per file version, and index.html for client-side routes (SPA fallback), rendered first
 * where `firstPages` says so; `writers` put the deployment's settings and brand into each page.
 */
export function clientFiles(
  distDir: string,
  pageHeaders: PageHeaders = () => ({}),
  firstPages?: FirstPages,
  { pageHtml, staffPageHtml, staffPageHeaders = pageHeaders, otherReleases }: PageWriters = {},
): MiddlewareHandler {
  const root = resolve(distDir)
  const cache = new Map<string, LoadedFile>()
  const rendered = new Map<string, Promise<LoadedFile>>()
  let templateText: { text: string; etag: string } | undefined

  async function load(file: string, writeHtml: ((html: string) => string) | undefined): Promise<LoadedFile | undefined> {
    const info = await stat(file).catch(() => undefined)
    if (!info?.isFile()) return undefined
    const version = `${info.size}:${info.mtimeMs}`
    const cached = cache.get(file)
    if (cached?.version === version) return cached
    const type = getMimeType(file) ?? 'application/octet-stream'
    let bytes = new Uint8Array(await readFile(file))
    // Each page carries this server's settings (the build on disk is the same everywhere); ETags follow them.
    if (writeHtml && type.startsWith('text/html')) bytes = new TextEncoder().encode(writeHtml(new TextDecoder().decode(bytes))) as Uint8Array<ArrayBuffer>
    const loaded = compressed(bytes, type, version)
    cache.set(file, loaded)
    return loaded
  }

  /** The route's rendered page, or undefined to send the template; a failed render is logged and not kept. */
  async function renderedPage(c: Context, template: LoadedFile): Promise<{ file: LoadedFile; vary: string } | undefined> {
    if (!firstPages) return undefined
    // The template's text is decoded once per version of index.html, not per request.
    if (templateText?.etag !== template.etag) templateText = { text: new TextDecoder().decode(template.identity), etag: template.etag }
    const page = await firstPages(c, templateText)
    if (!page) return undefined
    let file = rendered.get(page.key)
    if (!file) {
      file = page.render().then((html) => compressed(new TextEncoder().encode(html) as Uint8Array<ArrayBuffer>, template.type, page.key))
      rendered.set(page.key, file)
      const [oldest] = rendered.keys()
      if (rendered.size > maxRenderedPages && oldest !== undefined) rendered.delete(oldest)
      file.catch(() => rendered.get(page.key) === file && rendered.delete(page.key))
    }
    return { file: await file, vary: page.vary }
  }

  // Only files strictly inside root and without dot-segments (no .., no hidden files such as build stamps).
  function toFile(path: string): string | undefined {
    let decoded: string
    try {
      decoded = decodeURIComponent(path)
    } catch {
      return undefined
    }
    if (decoded.includes('\0') || decoded.split('/').some((s) => s.startsWith('.'))) return undefined
    const file = resolve(root, `.${decoded}`)
    return file.startsWith(root + sep) ? file : undefined
  }

  return async (c, next) => {
    const { method, path } = c.req
    if ((method !== 'GET' && method !== 'HEAD') || isBackendPath(path)) return next()
    // The staff app: its page for every route under /staff, kept by no cache (it is behind a staff sign-in), and
    // never the storefront's page or settings. Its scripts are hashed assets like the storefront's.
    if (isStaffPath(path)) {
      if (looksLikeFile(path)) return next()
      const page = await load(resolve(root, ...staffPageFile), staffPageHtml)
      return page ? sendFile(c, page, { 'Cache-Control': 'no-store', ...staffPageHeaders(c) }) : next()
    }
    const target = toFile(path)
    const found = target ? await load(target, pageHtml) : undefined
    if (found) return sendFile(c, found, { 'Cache-Control': cacheControl(path), ...htmlHeaders(c, found, pageHeaders) })
    // A page of the other release serving beside this one (a rolling upgrade), or of one that served lately, names its own files.
    const stored =
      otherReleases && path.startsWith('/assets/')
        ? await otherReleases(path).catch((error: unknown) => {
            requestLog(c).warn({ err: error }, "other releases' client files unreadable; answering 404")
            return undefined
          })
        : undefined
    if (stored) return sendFile(c, stored, { 'Cache-Control': cacheControl(path) })
    if (looksLikeFile(path)) return next()
    const index = await load(resolve(root, 'index.html'), pageHtml)
    if (!index) return next()
    // A page that cannot be rendered (the catalogue unreadable, a renderer fault) still opens as the app shell.
    const page = await renderedPage(c, index).catch((error: unknown) => {
      requestLog(c).error({ err: error }, 'first page render failed; sending the app shell')
      return undefined
    })
    const shown = page?.file ?? index
    // The page's catalogue is dated by the server's clock, as every answer is (src/domain/sentTiming.ts).
    const sent = page ? { 'Server-Timing': `${SENT_TIMING};desc="${new Date().toUTCString()}"` } : {}
    return sendFile(c, shown, { 'Cache-Control': 'no-cache', ...htmlHeaders(c, shown, pageHeaders), ...sent }, page?.vary)
  }
}

const htmlHeaders = (c: Context, file: LoadedFile, pageHeaders: PageHeaders) => (file.type.startsWith('text/html') ? pageHeaders(c) : {})

/** Sends a loaded file in the best encoding the client accepts, or 304 when its copy is current. */
export function sendFile(c: Context, file: LoadedFile, given: Record<string, string>, vary?: string): Response {
  const headers: Record<string, string> = { ...given, ETag: file.etag }
  const varies = [file.br && 'Accept-Encoding', vary].filter(Boolean)
  if (varies.length > 0) headers.Vary = varies.join(', ')
  const tags = c.req
    .header('If-None-Match')
    ?.split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
  if (tags?.includes(file.etag.replace(/^W\//, '')) || tags?.includes('*')) return c.body(null, 304, headers)
  const accepted = c.req.header('Accept-Encoding') ?? ''
  const [encoding, body] =
    file.br && /\bbr\b/.test(accepted) ? ['br', file.br] : file.gzip && /\bgzip\b/.test(accepted) ? ['gzip', file.gzip] : [undefined, file.identity]
  if (encoding) headers['Content-Encoding'] = encoding
  headers['Content-Type'] = file.type
  headers['Content-Length'] = String(body.length)
  return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(body, 200, headers)
}
