import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// The app's services are built in one place (src/app/services.ts) and handed on: no module is set up from outside
// at boot, and no behaviour waits on a module having been imported for what it does when it loads.

const root = join(import.meta.dirname, '..', '..')

/** Every TypeScript source of the app (not its tests), relative to the root, with its text. */
const sources = readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
  .filter((f) => f.isFile() && /\.tsx?$/.test(f.name))
  .map((f) => relative(root, join(f.parentPath, f.name)))
  .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }))

/** A module set up from outside: `export function configureX(` or `export const configureX =`. */
const CONFIGURE = /^export\s+(?:async\s+)?(?:function\s+|const\s+)(configure\w*)/gm

/** An import for its side effect alone: `import './x.ts'`, nothing named. */
const SIDE_EFFECT_IMPORT = /^import\s+['"]([^'"]+)['"]/gm

/**
 * The error reporter is turned on by the first line of src/main.tsx, before anything else runs: every module reports
 * through it, outside React and before the services exist, and without it a report only stays on the device
 * (as on the server and in tests). No behaviour of the app depends on it.
 */
const CONFIGURED = ['src/reportError.ts: configureErrorReports']

/** Imports for a side effect that only styles or translates: goober's setup, the global rules, the lab's catalogues. */
const STYLES_AND_TEXTS = ['src/main.tsx: ./ui/styled.ts', 'src/app/Layout.tsx: ../ui/globalStyles.ts', 'src/devtools/lab/LabScreen.tsx: ./labI18n.ts']

const found = (pattern: RegExp) => sources.flatMap(({ path, text }) => [...text.matchAll(pattern)].map((match) => `${path}: ${match[1]}`))

describe("the app's wiring", () => {
  it('has no module set up from outside (configure*) but the error reporter', () => {
    expect(sources.length).toBeGreaterThan(100)
    expect(found(CONFIGURE)).toEqual(CONFIGURED)
  })

  it('imports no app module for its side effect, beyond styles and translations', () => {
    expect(found(SIDE_EFFECT_IMPORT).sort()).toEqual([...STYLES_AND_TEXTS].sort())
  })

  it('builds the long-lived services in the composition root alone, and builds the root only where the app starts', () => {
    const callers = (builders: string) => sources.filter(({ text }) => new RegExp(`(?<!function )\\b(${builders})\\(`).test(text)).map(({ path }) => path)
    expect(callers('createCart|createAuth|createOutbox|createPwa')).toEqual(['src/app/services.ts'])
    expect(callers('createServices').sort()).toEqual(['src/entry-server.tsx', 'src/main.tsx'])
  })
})
