import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import type { Manifest } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/build/buildApp.ts'
import { repoRoot } from '../../../server/paths.ts'
import { compiledCatalogue } from '../../i18n/compiledCatalogue.ts'

/** The files (repository paths) a built script is made of, read from its source map; a facade that only re-exports has none. */
async function sourcesOf(assets: string, name: string): Promise<string[]> {
  if (!existsSync(join(assets, `${name}.map`))) return []
  const map = JSON.parse(await readFile(join(assets, `${name}.map`), 'utf8')) as { sources: string[] }
  return map.sources.map((source) => relative(repoRoot, resolve(assets, source)))
}

/** The build's scripts for a manifest entry and everything it imports statically. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    chunk.imports?.forEach(visit)
  }
  keys.forEach(visit)
  return files
}

/** The storefront's message ids a built script names in quotes (what its code shows, and its English's keys when quoted). */
const quotedIds = (code: string, ids: Set<string>) => new Set((code.match(/(?<=["'`])[^"'`\s\\]+(?=["'`])/g) ?? []).filter((text) => ids.has(text)))
/** The storefront's message ids a built script gives English for: the keys of its messages' objects. */
const englishIds = (code: string, ids: Set<string>) =>
  new Set([...code.matchAll(/[{,](?:"([^"]+)"|([\w$-]+)):/g)].map((match) => match[1] ?? match[2] ?? '').filter((key) => ids.has(key)))

describe('a production build without the lab', () => {
  let outDir = ''
  const sources = new Map<string, string[]>()
  const scripts = new Map<string, string>()
  let manifest: Manifest = {}

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'storefront-build-'))
    const previous = { VITE_LAB: process.env.VITE_LAB }
    Object.assign(process.env, { VITE_LAB: 'false' })
    try {
      await buildApp(repoRoot, outDir)
    } finally {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
    const assets = join(outDir, 'assets')
    for (const name of await readdir(assets)) {
      if (!name.endsWith('.js')) continue
      sources.set(`assets/${name}`, await sourcesOf(assets, name))
      scripts.set(`assets/${name}`, await readFile(join(assets, name), 'utf8'))
    }
    manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
  }, 600_000)
  afterAll(() => rm(outDir, { recursive: true, force: true }))

  it('has the Google Pay button, and the sandbox standing in for Google only in a chunk of its own that nothing imports statically', () => {
    const all = [...sources.values()].flat()
    expect(all).toContain('src/features/payment/googlePay/GooglePayButton.tsx')
    const sandboxFiles = [...sources].filter(([, files]) => files.some((source) => source.startsWith('src/sandboxes/'))).map(([file]) => file)
    expect(sandboxFiles.length).toBeGreaterThan(0)
    for (const file of sandboxFiles)
      expect(
        sources.get(file)?.every((source) => !source.startsWith('src/features/')),
        file,
      ).toBe(true)
    const statics = staticClosure(
      manifest,
      Object.keys(manifest).filter((key) => !key.startsWith('src/sandboxes/')),
    )
    expect(sandboxFiles.filter((file) => statics.has(file))).toEqual([])
  })

  it('paints / and /cart without the device store, XState or the boot work that waits until the page is idle', () => {
    const firstPaint = staticClosure(manifest, [
      'index.html',
      'src/main.tsx',
      'src/routes/index.tsx?tsr-split=component',
      'src/routes/cart.tsx?tsr-split=component',
    ])
    const firstPaintSources = [...firstPaint].flatMap((file) => sources.get(file) ?? [])
    expect(firstPaintSources).toContain('src/routes/index.tsx')
    expect(firstPaintSources.filter((source) => /node_modules\/(dexie|xstate)\/|^src\/store\/|^machines\//.test(source))).toEqual([])
  })

  it("brings each message's English with the code that shows it: in its script or one that script imports, and only the first screens' on a first paint", async () => {
    const { messages } = JSON.parse(await compiledCatalogue('en')) as { messages: Record<string, unknown> }
    const ids = new Set(Object.keys(messages))
    const english = new Map([...scripts].map(([file, code]) => [file, englishIds(code, ids)]))
    for (const key of Object.keys(manifest)) {
      const file = manifest[key]?.file ?? ''
      const brought = new Set([...staticClosure(manifest, [key])].flatMap((script) => [...(english.get(script) ?? [])]))
      expect(
        [...quotedIds(scripts.get(file) ?? '', ids)].filter((id) => !brought.has(id)),
        file,
      ).toEqual([])
    }
    const firstPaint = staticClosure(manifest, ['index.html', 'src/main.tsx', 'src/routes/index.tsx?tsr-split=component'])
    const firstPaintEnglish = new Set([...firstPaint].flatMap((file) => [...(english.get(file) ?? [])]))
    expect(firstPaintEnglish.size).toBeGreaterThan(0)
    expect(firstPaintEnglish.size).toBeLessThan(ids.size / 3)
  })

  it("lists the chunks that start the page only in the entry's own preload list, never again beside a lazy chunk", () => {
    const started = staticClosure(manifest, ['src/main.tsx'])
    expect(started.size).toBeGreaterThan(3)
    /** Every file a built script's preload lists name (Vite's `__vite__mapDeps`), by script. */
    const listed = (code: string) => new Set(code.match(/(?<=")assets\/[^"]+\.js(?=")/g) ?? [])
    const entry = manifest['index.html']?.file ?? ''
    expect([...started].filter((file) => !listed(scripts.get(entry) ?? '').has(file))).toEqual([])
    for (const [file, code] of scripts) {
      if (file === entry || !code.includes('__vite__mapDeps')) continue
      expect(
        [...listed(code)].filter((name) => started.has(name)),
        file,
      ).toEqual([])
    }
  })

  it('keeps the staff app apart: a build of its own under staff/ and assets/staff/, sharing no file with the storefront, never precached', async () => {
    expect(existsSync(join(outDir, 'staff', 'index.html'))).toBe(true)
    expect(existsSync(join(outDir, 'src'))).toBe(false)
    // The storefront's manifest names none of the staff app's sources or files.
    expect(Object.keys(manifest).filter((key) => key.startsWith('src/staff/') || key.startsWith('locales/staff/'))).toEqual([])
    expect(Object.values(manifest).filter((entry) => entry.file.startsWith('assets/staff/'))).toEqual([])
    // No storefront script names a staff one, neither statically nor lazily.
    for (const [file, code] of scripts) expect(code.includes('staff/'), file).toBe(false)
    // The staff app loads only its own files: its page's scripts and every import of theirs stay in assets/staff/, so
    // it shares no chunk (and changes no byte) of what a customer loads.
    const page = await readFile(join(outDir, 'staff', 'index.html'), 'utf8')
    const pageScripts = [...page.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '')
    expect(pageScripts.length).toBeGreaterThan(0)
    for (const file of pageScripts) expect(file).toMatch(/^assets\/staff\//)
    const staffDir = join(outDir, 'assets', 'staff')
    const staffScripts = (await readdir(staffDir)).filter((name) => name.endsWith('.js'))
    expect(staffScripts.length).toBeGreaterThan(5)
    let imports = 0
    for (const name of staffScripts) {
      const code = await readFile(join(staffDir, name), 'utf8')
      const imported = [...code.matchAll(/(?:\bfrom|\bimport\()\s*"([^"]+\.js)"/g)].map((match) => match[1] ?? '')
      imports += imported.length
      expect(
        imported.filter((specifier) => !specifier.startsWith('./')),
        name,
      ).toEqual([])
      const mapped = await sourcesOf(staffDir, name)
      // The staff app's own code, the staff catalogue, the shared domain rules it names, and libraries; none of the storefront's app.
      expect(
        mapped.filter((source) => /^src\/(app|features|routes|store|outbox|pwa|ui)\//.test(source)),
        name,
      ).toEqual([])
    }
    // The screens import the app's shell and its libraries: the check above saw real imports.
    expect(imports).toBeGreaterThan(staffScripts.length)
    const precache = [...(await readFile(join(outDir, 'sw.js'), 'utf8')).matchAll(/"url":"([^"]+)"/g)].map((match) => match[1])
    expect(precache.length).toBeGreaterThan(10)
    expect(precache.filter((url) => url?.includes('staff'))).toEqual([])
    // The staff page names no web manifest: it is not the installable storefront.
    expect(page).not.toContain('rel="manifest"')
  })
})
