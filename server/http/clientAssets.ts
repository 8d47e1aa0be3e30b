import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { getMimeType } from 'hono/utils/mime'
import type { Db } from '../db/types.ts'
import { compressed } from './clientFiles.ts'
import type { LoadedFile } from './clientFiles.ts'

/** Where the build's hashed files are served: Vite names each by its content's hash, so it never changes under its path. */
export const assetsPrefix = '/assets/'

/** The build's files a page may ask for by a hashed URL: everything under assets/ but source maps (only developer tools read those). */
export async function hashedFiles(distDir: string): Promise<Array<{ path: string; file: string }>> {
  const dir = join(distDir, 'assets')
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.map'))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name)
      return { path: assetsPrefix + relative(dir, file).split(sep).join('/'), file }
    })
}

export interface RecordedAssets {
  /** The build's hashed files. */
  files: number
  /** Those the database did not hold yet, and their bytes. */
  added: number
  addedBytes: number
  /** Files of releases no instance served for historyDays, deleted. */
  pruned: number
  ms: number
}

/**
 * Adds the build's hashed files the database lacks (a restart of a release adds nothing), marks all of them seen now,
 * and deletes the files no instance has marked seen for historyDays: run at start, before the instance listens, so
 * every other instance (the previous release's during an upgrade) can answer a page of this build from its first request.
 */
export async function recordClientAssets(db: Db, distDir: string, { release, historyDays }: { release: string; historyDays: number }): Promise<RecordedAssets> {
  const started = performance.now()
  const files = await hashedFiles(distDir)
  let added = 0
  let addedBytes = 0
  if (files.length > 0) {
    const paths = files.map((f) => f.path)
    const known = await db.query<{ path: string }>('update client_assets set last_seen = now() where path = any($1::text[]) returning path', [paths])
    const held = new Set(known.map((row) => row.path))
    for (const { path, file } of files) {
      if (held.has(path)) continue
      const bytes = await readFile(file)
      // Another instance of this release may be adding the same file at this moment: the first one stays.
      const inserted = await db.query<{ path: string }>(
        `insert into client_assets (path, content_type, bytes, release) values ($1, $2, $3, $4)
         on conflict (path) do nothing returning path`,
        [path, getMimeType(file) ?? 'application/octet-stream', bytes, release],
      )
      if (inserted.length > 0) {
        added++
        addedBytes += bytes.length
      }
    }
  }
  const pruned = await pruneClientAssets(db, historyDays)
  return { files: files.length, added, addedBytes, pruned, ms: Math.round(performance.now() - started) }
}

/** Marks the build's hashed files seen now: each running instance does so daily, so its release's files stay while it serves. */
export async function touchClientAssets(db: Db, distDir: string): Promise<void> {
  const paths = (await hashedFiles(distDir)).map((f) => f.path)
  if (paths.length > 0) await db.query('update client_assets set last_seen = now() where path = any($1::text[])', [paths])
}

/** Deletes the files no running instance has served for historyDays; returns how many. */
export async function pruneClientAssets(db: Db, historyDays: number): Promise<number> {
  const rows = await db.query<{ path: string }>('delete from client_assets where last_seen < now() - make_interval(days => $1) returning path', [historyDays])
  return rows.length
}

const sizeOf = (file: LoadedFile) => file.identity.length + (file.gzip?.length ?? 0) + (file.br?.length ?? 0)

// Enough for two releases' scripts (a build's come to about 3 MB); the oldest read goes first.
const keptBytes = 16 * 1024 * 1024

/**
 * The hashed files of other releases, from the database: each read once and compressed as a file on disk is (same
 * ETag, same encodings), then kept in memory up to keptBytes.
 */
export function storedClientAssets(db: Db): (path: string) => Promise<LoadedFile | undefined> {
  const kept = new Map<string, LoadedFile>()
  let keptSize = 0
  return async (path) => {
    if (!path.startsWith(assetsPrefix)) return undefined
    const hit = kept.get(path)
    if (hit) {
      // Most recently used last.
      kept.delete(path)
      kept.set(path, hit)
      return hit
    }
    const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>('select content_type, bytes from client_assets where path = $1', [path])
    if (!row) return undefined
    const file = compressed(new Uint8Array(row.bytes), row.content_type, path)
    kept.set(path, file)
    keptSize += sizeOf(file)
    for (const [oldPath, old] of kept) {
      if (keptSize <= keptBytes || oldPath === path) break
      kept.delete(oldPath)
      keptSize -= sizeOf(old)
    }
    return file
  }
}
