import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { resolve, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { looksLikeFile } from '../../src/domain/routePaths.ts'

interface LoadedFile {
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

/** Headers for the request's HTML answers (the page security policy), 304s included so caches keep them current. */
export type PageHeaders = (c: Context) => Record<string, string>

/**
 * Serves the Vite build in distDir: hashed assets cached for a year, everything else revalidated by ETag,
 * compressed once per file version, and index.html for client-side routes (SPA fallback).
 */
export function clientFiles(distDir: string, pageHeaders: PageHeaders = () => ({})): MiddlewareHandler {
  const root = resolve(distDir)
  const cache = new Map<string, LoadedFile>()

  async function load(file: string): Promise<LoadedFile | undefined> {
    const info = await stat(file).catch(() => undefined)
    if (!info?.isFile()) return undefined
    const version = `${info.size}:${info.mtimeMs}`
    const cached = cache.get(file)
    if (cached?.version === version) return cached
    const identity = new Uint8Array(await readFile(file))
    const type = getMimeType(file) ?? 'application/octet-stream'
    const hash = createHash('sha1').update(identity).digest('base64url')
    const loaded: LoadedFile = { version, type, etag: `W/"${hash}"`, identity }
    if (compressible.test(type) && identity.length > 1024) {
      loaded.gzip = new Uint8Array(gzipSync(identity, { level: 9 }))
      loaded.br = new Uint8Array(brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }))
    }
    cache.set(file, loaded)
    return loaded
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
    const file = resolve(root, '.' + decoded)
    return file.startsWith(root + sep) ? file : undefined
  }

  return async (c, next) => {
    const { method, path } = c.req
    if ((method !== 'GET' && method !== 'HEAD') || isBackendPath(path)) return next()
    const target = toFile(path)
    const found = target ? await load(target) : undefined
    if (found) return send(c, found, cacheControl(path), pageHeaders)
    if (looksLikeFile(path)) return next()
    const index = await load(resolve(root, 'index.html'))
    return index ? send(c, index, 'no-cache', pageHeaders) : next()
  }
}

function send(c: Context, file: LoadedFile, cache: string, pageHeaders: PageHeaders): Response {
  const headers: Record<string, string> = { 'Cache-Control': cache, ETag: file.etag, ...(file.type.startsWith('text/html') ? pageHeaders(c) : {}) }
  if (file.br) headers['Vary'] = 'Accept-Encoding'
  const tags = c.req.header('If-None-Match')?.split(',').map((t) => t.trim().replace(/^W\//, ''))
  if (tags?.includes(file.etag.replace(/^W\//, '')) || tags?.includes('*')) return c.body(null, 304, headers)
  const accepted = c.req.header('Accept-Encoding') ?? ''
  const [encoding, body] =
    file.br && /\bbr\b/.test(accepted) ? ['br', file.br] : file.gzip && /\bgzip\b/.test(accepted) ? ['gzip', file.gzip] : [undefined, file.identity]
  if (encoding) headers['Content-Encoding'] = encoding
  headers['Content-Type'] = file.type
  headers['Content-Length'] = String(body.length)
  return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(body, 200, headers)
}
