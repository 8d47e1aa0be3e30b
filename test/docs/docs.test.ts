import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { settings } from '../../server/config.ts'
import { STAFF_PERMISSIONS, STAFF_ROLES } from '../../src/domain/staff.ts'
import {
  buildTimeVariables,
  configurationReferencePath,
  environmentKeys,
  renderConfigurationReference,
  undescribedKeys,
} from '../../server/docs/configurationReference.ts'

const root = join(import.meta.dirname, '..', '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')

const filesUnder = (dir: string, ext: string): string[] =>
  (existsSync(join(root, dir)) ? readdirSync(join(root, dir), { withFileTypes: true, recursive: true }) : [])
    .filter((f) => f.isFile() && f.name.endsWith(ext))
    .map((f) => relative(root, join(f.parentPath, f.name)))

const documents = () => ['README.md', ...filesUnder('docs', '.md')]

// Written on other branches of the same change; the link check takes them on trust until they are merged.

/** The relative targets of a Markdown file's links, without their #fragment. */
const relativeLinks = (markdown: string): string[] =>
  [...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0] ?? '')

describe('the README and docs/', () => {
  it('keeps the README to at most 150 lines', () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(150)
  })

  it('has every relative link resolve to a file of the repository', () => {
    const broken: string[] = []
    for (const doc of documents())
      for (const target of relativeLinks(read(doc))) {
        const path = relative(root, join(root, dirname(doc), target))
        if (path.startsWith('..') || !existsSync(join(root, path))) broken.push(`${doc} → ${target}`)
      }
    expect(broken).toEqual([])
  })

  it('stands alone: no pointer to files outside the repository', () => {
    const outside = documents().filter((doc) => /\.\.\/shared|GUIDE\.md|spec\.md/.test(read(doc)))
    expect(outside).toEqual([])
  })
})

/** Where the server's own code reads the environment, config.ts (the schema) aside. */
function serverEnvReads(): Map<string, string> {
  const reads = new Map<string, string>()
  for (const file of filesUnder('server', '.ts')) {
    if (file === 'server/config.ts') continue
    const text = read(file)
    // process.env.X, process.env['X'], and env.X on an object of the environment passed around.
    for (const m of text.matchAll(/\b(?:process\.)?env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\])/g)) reads.set(m[1] ?? m[2] ?? '', file)
    for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g))
      for (const name of (m[1] ?? '').split(',').map((part) => part.split(':')[0]?.trim() ?? '')) if (/^[A-Z][A-Z0-9_]*$/.test(name)) reads.set(name, file)
  }
  return reads
}

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes from the environment schema now', () => {
    expect(existsSync(join(root, configurationReferencePath)), 'run npm run docs:config').toBe(true)
    expect(read(configurationReferencePath), 'run npm run docs:config').toBe(renderConfigurationReference())
  })

  it('describes every variable of the schema', () => {
    expect(undescribedKeys()).toEqual([])
  })

  it('names every variable the server reads in its schema or its build-time list', () => {
    const known = new Set([...environmentKeys(), ...buildTimeVariables.map((b) => b.name)])
    const unknown = [...serverEnvReads()].filter(([name]) => !known.has(name)).map(([name, file]) => `${name} (${file})`)
    expect(unknown).toEqual([])
  })

  it('documents no variable that no code reads', () => {
    const config = read('server/config.ts')
    // The schema itself names every key; what counts is a read of the parsed value.
    const readers = [
      config.replace(/export const settings = \{[\s\S]*?\n\}\n/, ''),
      ...filesUnder('server', '.ts')
        .filter((f) => f !== 'server/config.ts' && !f.startsWith('server/docs/'))
        .map(read),
    ].join('\n')
    const social = read('server/social/providerConfig.ts')
    const unread = environmentKeys().filter((key) => {
      // A variable that alone fills a Config key is read where that key is.
      const setting = settings[key as keyof typeof settings]
      if ('fills' in setting && new RegExp(`\\.${setting.fills}\\b|[{,]\\s*${setting.fills}\\b`).test(readers)) return false
      if (new RegExp(`\\.${key}\\b`).test(readers)) return false
      const field = /^(GOOGLE|FACEBOOK|TWITTER)_(.+)$/.exec(key)?.[2]
      return !(field && social.includes(`get('${field}')`))
    })
    expect(unread).toEqual([])
    const client = [
      ...filesUnder('src', '.ts'),
      ...filesUnder('src', '.tsx'),
      ...filesUnder('sw', '.ts'),
      ...filesUnder('server/build', '.ts'),
      'vite.config.ts',
    ]
      .map(read)
      .join('\n')
    const unreadAtBuild = buildTimeVariables.filter((b) => !new RegExp(`(import\\.meta\\.env|process\\.env)\\.${b.name}\\b`).test(client)).map((b) => b.name)
    expect(unreadAtBuild).toEqual([])
  })
})

describe('docs/back-office.md', () => {
  it('lists every permission with exactly the roles src/domain/staff.ts gives it', () => {
    const lines = read('docs/back-office.md').split('\n')
    const header = lines.find((line) => line.startsWith('| Permission'))
    const columns = (header ?? '').split('|').map((cell) => cell.trim())
    expect(columns.slice(3, -1)).toEqual([...STAFF_ROLES])
    const table = Object.fromEntries(
      lines
        .filter((line) => /^\| `[a-z]+(\.[a-z]+|[A-Z][a-zA-Z]+)`/.test(line))
        .map((line) => {
          const cells = line.split('|').map((cell) => cell.trim())
          return [cells[1]?.replaceAll('`', ''), STAFF_ROLES.filter((_, i) => cells[i + 3] === '✓')]
        }),
    )
    expect(table).toEqual(Object.fromEntries(Object.entries(STAFF_PERMISSIONS).map(([permission, roles]) => [permission, [...roles]])))
  })
})
