import { readFile, writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { readCatalogueFile } from '../../src/domain/catalogueFile.ts'
import type { Db } from '../db/types.ts'
import { commandLineActor } from '../staff/audit.ts'
import { changeCount, describeChanges } from './catalogueChanges.ts'
import { exportCatalogue } from './exportCatalogue.ts'
import { importCatalogue } from './importCatalogue.ts'

export const catalogueUsage = 'usage: npm run catalogue -- export <file> | npm run catalogue -- import <file> [--dry-run]'

/** A command it refuses, with why: printed as it is, without a stack. */
export class CatalogueRefused extends Error {}

// Every running instance listens for the import's catalogue_changed notice (server/catalogue/liveCatalogue.ts).
export const publishedNote = 'Every running server instance serves the new catalogue within seconds: no restart is needed.'

function argumentsOf(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { 'dry-run': { type: 'boolean', default: false } } })
    const [verb, file, ...rest] = positionals
    if ((verb !== 'export' && verb !== 'import') || !file || rest.length > 0) throw new Error('Say export or import, and one file.')
    if (verb === 'export' && values['dry-run']) throw new Error('--dry-run is for import.')
    return { verb, file, dryRun: values['dry-run'] }
  } catch (error) {
    throw new CatalogueRefused(`${error instanceof Error ? error.message : String(error)}\n${catalogueUsage}`)
  }
}

async function readJson(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new CatalogueRefused(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new CatalogueRefused(`${file} is not JSON (${error instanceof Error ? error.message : String(error)}); nothing was changed.`)
  }
}

/**
 * `npm run catalogue` (node dist/server/catalogue.js on the production install): `export <file>` writes every package
 * and bundle not retired as a catalogue file; `import <file>` checks the whole file first, then makes the catalogue
 * what it says in one transaction (`--dry-run`: only lists what would change). Answers the lines to print; throws
 * CatalogueRefused with every problem and its place in the file, having changed nothing.
 */
export async function catalogueCommand(db: Db, argv: string[]): Promise<string[]> {
  const { verb, file, dryRun } = argumentsOf(argv)
  if (verb === 'export') {
    const catalogue = await exportCatalogue(db)
    await writeFile(file, `${JSON.stringify(catalogue, null, 2)}\n`)
    return [`Wrote ${catalogue.packages.length} packages and ${catalogue.bundles.length} bundles to ${file}.`]
  }
  const read = readCatalogueFile(await readJson(file))
  if ('problems' in read) {
    const { length } = read.problems
    throw new CatalogueRefused(
      [`${file} has ${length} ${length === 1 ? 'problem' : 'problems'}; nothing was changed:`, ...read.problems.map((p) => `  ${p}`)].join('\n'),
    )
  }
  const changes = await importCatalogue(db, read.file, { actor: commandLineActor, dryRun, source: basename(file) })
  if (changes.refused)
    throw new CatalogueRefused([`${file} would break placed orders; nothing was changed:`, ...changes.refused.map((p) => `  ${p}`)].join('\n'))
  const { added, changed, retired } = changeCount(changes)
  if (added + changed + retired === 0) return [`The catalogue already is what ${file} says: nothing to change.`]
  if (dryRun) return [`Dry run of ${file}: it would add ${added}, change ${changed} and retire ${retired} (nothing was changed):`, ...describeChanges(changes)]
  return [`Imported ${file}: added ${added}, changed ${changed}, retired ${retired}:`, ...describeChanges(changes), publishedNote]
}
