import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/build/buildApp.ts'
import { repoRoot } from '../../server/paths.ts'

/** Every file (by its repository path) the build's scripts for phones are made of, read from their source maps. */
async function builtSources(outDir: string): Promise<Set<string>> {
  const assets = join(outDir, 'assets')
  const sources = new Set<string>()
  for (const name of await readdir(assets)) {
    if (!name.endsWith('.js')) continue
    const map = JSON.parse(await readFile(join(assets, `${name}.map`), 'utf8')) as { sources: string[] }
    for (const source of map.sources) sources.add(relative(repoRoot, resolve(assets, source)))
  }
  return sources
}

describe("a production build for Google's real Pay script", () => {
  let outDir = ''
  let sources = new Set<string>()

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'storefront-google-pay-'))
    const previous = { VITE_GOOGLE_PAY: process.env.VITE_GOOGLE_PAY, VITE_LAB: process.env.VITE_LAB }
    Object.assign(process.env, { VITE_GOOGLE_PAY: 'google', VITE_LAB: 'false' })
    try {
      await buildApp(repoRoot, outDir)
    } finally {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
    sources = await builtSources(outDir)
  }, 600_000)
  afterAll(() => rm(outDir, { recursive: true, force: true }))

  it('has the Google Pay button, and none of the sandbox standing in for Google in any script', () => {
    expect(sources).toContain('src/features/payment/googlePay/GooglePayButton.tsx')
    expect([...sources].filter((source) => source.startsWith('src/sandboxes/'))).toEqual([])
  })
})
