import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

/** Every TypeScript source of the app (not its tests), relative to the root. */
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && /\.tsx?$/.test(f.name))
    .map((f) => relative(root, join(f.parentPath, f.name)))

/** A machine given its effects: `cartMachine.provide(` or `machine.provide(` (the lab runner's own `lab.provide(` is not one). */
const PROVIDES = /\b\w*machine\s*\.provide\(/i

/** Where a machine's effects may be provided: its `<name>Effects.ts`, and the lab's stand-ins for it. */
const allowed = (path: string) => /^src\/.+Effects\.ts$/.test(path) || /^src\/devtools\/lab\/machines\/\w+Lab\.ts$/.test(path)

describe("where a machine's effects are provided", () => {
  const providers = [...sources('src'), ...sources('sw')].filter((path) => PROVIDES.test(readFileSync(join(root, path), 'utf8')))

  it('is only an *Effects.ts file (or the lab): hooks, actor modules and components run what it provides', () => {
    expect(providers.filter((path) => !allowed(path))).toEqual([])
  })

  it("is never the lab's: each lab machine runs the app's provide<Name>() with the lab's ports, so no effect is written twice", () => {
    const labCopies = providers.filter((path) => path.startsWith('src/devtools/'))
    expect(labCopies).toEqual([])
  })

  it('covers every machine the app runs', () => {
    const machines = readdirSync(join(root, 'machines')).filter((name) => name.endsWith('.machine.ts'))
    const effects = providers.filter((path) => !path.startsWith('src/devtools/')).map((path) => readFileSync(join(root, path), 'utf8'))
    const provided = machines.filter((file) => {
      const name = `${file.replace('.machine.ts', '')}Machine`
      return effects.some((text) => new RegExp(`\\b${name}\\s*\\.provide\\(|\\bmachine: typeof ${name}\\b`).test(text))
    })
    expect(provided).toEqual(machines)
  })
})
