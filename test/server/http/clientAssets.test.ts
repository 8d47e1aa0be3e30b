import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app.ts'
import { recordClientAssets } from '../../../server/http/clientAssets.ts'
import { openTestDb, secondInstanceDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

/** A release's build: its page naming its entry, its hashed files (a source map among them), all in a temporary folder. */
function releaseBuild(name: string, files: Record<string, string>): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `storefront-${name}-`))
  for (const [path, body] of Object.entries({ 'index.html': `<!doctype html><title>${name}</title><div id="root"></div>`, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), body)
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

const script = (text: string) => `console.log(${JSON.stringify(text.repeat(800))})`

describe("another release's hashed files, answered from the one database", () => {
  let t: TestDb
  let second: Awaited<ReturnType<typeof secondInstanceDb>>
  const previous = releaseBuild('previous', {
    'assets/index-Prev01.js': script('previous entry '),
    'assets/cart-Prev02.js': script('previous cart '),
    'assets/shared-Same03.js': script('shared '),
    'assets/index-Prev01.js.map': '{"version":3}',
    'assets/staff/staff-Prev04.js': script('previous staff '),
  })
  const next = releaseBuild('next', {
    'assets/index-Next01.js': script('next entry '),
    'assets/cart-Next02.js': script('next cart '),
    'assets/shared-Same03.js': script('shared '),
  })
  let previousApp: ReturnType<typeof createApp>
  let nextApp: ReturnType<typeof createApp>

  beforeAll(async () => {
    t = await openTestDb()
    second = await secondInstanceDb(t)
    previousApp = createApp({ db: t.db, config: { apiKey: 'k' }, distDir: previous.dir })
    nextApp = createApp({ db: second.db, config: { apiKey: 'k' }, distDir: next.dir })
  }, startupTimeout)
  afterAll(async () => {
    await second?.close()
    await t?.drop()
    previous.remove()
    next.remove()
  })

  it("records a build's hashed files but its source maps, and a restart adds nothing", async () => {
    expect(await recordClientAssets(t.db, previous.dir, { release: '0.1.0+aaaaaaa', historyDays: 30 })).toMatchObject({ files: 4, added: 4, pruned: 0 })
    expect(await recordClientAssets(t.db, previous.dir, { release: '0.1.0+aaaaaaa', historyDays: 30 })).toMatchObject({ files: 4, added: 0 })
    // The new release adds only what it does not share with the previous one.
    expect(await recordClientAssets(second.db, next.dir, { release: '0.1.0+bbbbbbb', historyDays: 30 })).toMatchObject({ files: 3, added: 2 })
    const rows = await t.db.query<{ path: string; release: string }>('select path, release from client_assets order by path')
    expect(rows).toEqual([
      { path: '/assets/cart-Next02.js', release: '0.1.0+bbbbbbb' },
      { path: '/assets/cart-Prev02.js', release: '0.1.0+aaaaaaa' },
      { path: '/assets/index-Next01.js', release: '0.1.0+bbbbbbb' },
      { path: '/assets/index-Prev01.js', release: '0.1.0+aaaaaaa' },
      { path: '/assets/shared-Same03.js', release: '0.1.0+aaaaaaa' },
      { path: '/assets/staff/staff-Prev04.js', release: '0.1.0+aaaaaaa' },
    ])
  })

  it("answers each release's pages on the other's instance as from its disk: immutable, the same ETag, compressed", async () => {
    for (const [app, own, other] of [
      [previousApp, '/assets/index-Prev01.js', '/assets/cart-Next02.js'],
      [nextApp, '/assets/index-Next01.js', '/assets/cart-Prev02.js'],
    ] as const) {
      const ownAnswer = await (app === previousApp ? nextApp : previousApp).request(other, { headers: { 'Accept-Encoding': 'br' } })
      const answer = await app.request(other, { headers: { 'Accept-Encoding': 'br' } })
      expect(answer.status, other).toBe(200)
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect(answer.headers.get('content-encoding')).toBe('br')
      expect(answer.headers.get('etag')).toBe(ownAnswer.headers.get('etag'))
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(new Uint8Array(await ownAnswer.arrayBuffer()))
      expect((await app.request(other, { headers: { 'If-None-Match': ownAnswer.headers.get('etag')! } })).status).toBe(304)
      expect((await app.request(own)).status).toBe(200)
    }
    expect((await nextApp.request('/assets/staff/staff-Prev04.js')).status).toBe(200)
  })

  it('answers 404 for a hashed file no release brought, and for a source map of another release', async () => {
    expect((await nextApp.request('/assets/index-Gone99.js')).status).toBe(404)
    expect((await nextApp.request('/assets/index-Prev01.js.map')).status).toBe(404)
  })

  it('forgets the files no instance has marked seen for the history, keeping those of the release that starts', async () => {
    await t.db.query("update client_assets set last_seen = now() - interval '31 days'")
    // The next release starts again (a restart): its files are seen now; the previous release's alone go.
    expect(await recordClientAssets(second.db, next.dir, { release: '0.1.0+bbbbbbb', historyDays: 30 })).toMatchObject({ added: 0, pruned: 3 })
    const rows = await t.db.query<{ path: string }>('select path from client_assets order by path')
    expect(rows.map((r) => r.path)).toEqual(['/assets/cart-Next02.js', '/assets/index-Next01.js', '/assets/shared-Same03.js'])
  })
})
