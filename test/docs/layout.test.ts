import { existsSync, readdirSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chunkGroups } from '../../tools/vite/chunks.ts'

const root = join(import.meta.dirname, '..', '..')

const filesUnder = (dir: string): string[] =>
  (existsSync(join(root, dir)) ? readdirSync(join(root, dir), { withFileTypes: true, recursive: true }) : [])
    .filter((f) => f.isFile())
    .map((f) => relative(root, join(f.parentPath, f.name)).split('\\').join('/'))

/** The unit project's folders whose tests sit at their source's path: test/<folder>/x.test.ts tests <source>/x.ts(x). */
const mirrored: Record<string, string> = {
  features: 'src/features',
  domain: 'src/domain',
  store: 'src/store',
  outbox: 'src/outbox',
  api: 'src/api',
  lib: 'src/lib',
  i18n: 'src/i18n',
  machines: 'machines',
  sw: 'sw',
}

/** Tests of a behaviour that crosses modules, named for the behaviour rather than for one source. */
const acrossModules = new Set([
  'test/domain/googlePayRequest.test.ts',
  'test/domain/towns.test.ts',
  'test/i18n/catalogue.test.ts',
  'test/i18n/catalogueCompiler.test.ts',
  'test/i18n/chunkMessages.test.ts',
  'test/i18n/serverText.test.ts',
  'test/i18n/staleCatalogue.test.ts',
  'test/i18n/translations.test.ts',
  'test/lib/installPlatform.test.ts',
  'test/lib/reportError.test.ts',
  'test/machines/effectsHome.test.ts',
  'test/store/outbox.test.ts',
  'test/store/schema.test.ts',
  'test/sw/workerMessages.test.ts',
])

/** The sources a test may be named for: x.test.ts, x.model.test.ts (a machine's model test) and x.machine.test.ts. */
function sourcesFor(test: string): string[] {
  const [, folder = '', rest = ''] = /^test\/([^/]+)\/(.+)\.test\.tsx?$/.exec(test) ?? []
  const base = `${mirrored[folder]}/${rest.replace(/\.model$/, '')}`
  const names = folder === 'machines' && !base.endsWith('.machine') ? [base, `${base}.machine`] : [base]
  return names.flatMap((name) => [`${name}.ts`, `${name}.tsx`])
}

/** Every file and folder a chunk group names (tools/vite/chunks.ts), a route's lazy part by its file. */
const chunkGroupPaths = (): string[] =>
  chunkGroups.flatMap((group) => [...(group.modules ?? []), ...(group.except ?? [])]).map((path) => path.replace(/\?.*$/, ''))

describe('the layout of the tree', () => {
  it('has every unit test of a mirrored folder at the path of the source it tests', () => {
    const tests = Object.keys(mirrored)
      .flatMap((folder) => filesUnder(`test/${folder}`))
      .filter((file) => /\.test\.tsx?$/.test(file))
    expect(tests.length).toBeGreaterThan(50)
    const astray = tests.filter((test) => !acrossModules.has(test) && !sourcesFor(test).some((source) => existsSync(join(root, source))))
    expect(astray).toEqual([])
    expect([...acrossModules].filter((test) => !existsSync(join(root, test)))).toEqual([])
  })

  it('names no two sources session.ts, catalogue.ts or drain.ts: a name says what the file holds', () => {
    const sources = ['src', 'machines', 'sw', 'server'].flatMap(filesUnder)
    for (const name of ['session', 'catalogue', 'drain']) {
      const same = sources.filter((file) => /^[^.]+/.exec(basename(file))?.[0] === name)
      expect(same.length, same.join(', ')).toBeLessThanOrEqual(1)
    }
  })

  it('has every file and folder that the build’s chunk rules name', () => {
    const paths = chunkGroupPaths()
    expect(paths).toContain('src/app/')
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([])
  })
})
