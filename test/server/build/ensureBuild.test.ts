import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildStamp, staleReason } from '../../../server/build/ensureBuild.ts'

// A project folder with sources and a build whose ages the test controls.
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'storefront-build-'))
  mkdirSync(join(root, 'src'))
  writeFileSync(join(root, 'src', 'main.tsx'), '')
  writeFileSync(join(root, 'index.html'), '')
  return root
}
const touch = (file: string, secondsAgo: number) => {
  const t = Date.now() / 1000 - secondsAgo
  utimesSync(file, t, t)
}
const client = (root: string, ...parts: string[]) => join(root, 'dist', 'client', ...parts)
function build(root: string, { renderer = true } = {}) {
  mkdirSync(client(root, '.server'), { recursive: true })
  writeFileSync(client(root, 'index.html'), '')
  writeFileSync(client(root, '.build-stamp'), '')
  if (renderer) writeFileSync(client(root, '.server', 'entry-server.js'), '')
}

describe('building the client when needed', () => {
  const roots: string[] = []
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  })

  it('builds when there is no build yet', () => {
    const root = project()
    roots.push(root)
    expect(staleReason(root)).toBe('no build yet')
  })

  it('builds when a source file is newer than the build', () => {
    const root = project()
    roots.push(root)
    build(root)
    touch(client(root, 'index.html'), 60)
    expect(staleReason(root)).toBe('sources changed')
  })

  it('ignores generated files such as the route tree', () => {
    const root = project()
    roots.push(root)
    touch(join(root, 'src', 'main.tsx'), 120)
    touch(join(root, 'index.html'), 120)
    build(root)
    touch(client(root, 'index.html'), 60)
    writeFileSync(join(root, 'src', 'routeTree.gen.ts'), '')
    expect(staleReason(root)).not.toBe('sources changed')
  })

  it('builds when the build has no server renderer of first pages (made before it existed)', () => {
    const root = project()
    roots.push(root)
    touch(join(root, 'src', 'main.tsx'), 120)
    touch(join(root, 'index.html'), 120)
    build(root, { renderer: false })
    expect(staleReason(root)).toBe('no page renderer yet')
  })

  it('rebuilds when the lab switch differs from the build, never for a deployment setting such as the API key', () => {
    const root = project()
    roots.push(root)
    touch(join(root, 'src', 'main.tsx'), 120)
    touch(join(root, 'index.html'), 120)
    build(root)
    expect(staleReason(root)).toBe('build settings changed')
    const saved = { API_KEY: process.env.API_KEY, VITE_LAB: process.env.VITE_LAB }
    try {
      delete process.env.VITE_LAB
      process.env.API_KEY = 'staging-key'
      writeFileSync(client(root, '.build-stamp'), buildStamp())
      expect(staleReason(root)).toBeUndefined()
      process.env.API_KEY = 'production-key'
      expect(staleReason(root)).toBeUndefined()
      process.env.VITE_LAB = 'false'
      expect(staleReason(root)).toBe('build settings changed')
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
  })
})
