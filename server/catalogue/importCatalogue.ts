import type { CatalogueFile } from '../../src/domain/catalogueFile.ts'
import type { Db, Queryable } from '../db/types.ts'
import { audit, countStaffAction } from '../staff/audit.ts'
import type { StaffActor } from '../staff/audit.ts'
import { catalogueChanged } from './catalogueChanged.ts'
import { billingKept, retireBundle, retirePackage, saveBundle, savePackage } from './catalogueEntries.ts'
import { catalogueChanges, changeCount } from './catalogueChanges.ts'
import type { CatalogueChanges } from './catalogueChanges.ts'
import { exportCatalogue } from './exportCatalogue.ts'

export interface ImportOptions {
  actor: StaffActor
  /** Only work out what would change, and change nothing. */
  dryRun: boolean
  /** The file's name, for the audit row. */
  source: string
}

/**
 * Makes the catalogue what `file` says, all or nothing in one transaction: adds and changes its packages and bundles,
 * retires (never deletes) those it leaves out, so placed orders and SIMs still find theirs. A change writes one audit
 * row and tells every instance (catalogueChanged); a file that matches the catalogue changes nothing at all.
 */
export async function importCatalogue(db: Db, file: CatalogueFile, options: ImportOptions): Promise<CatalogueChanges> {
  const changes = await db.transaction((tx) => apply(tx, file, options))
  if (!options.dryRun && !changes.refused && changed(changes)) countStaffAction('catalogue.import', 'done')
  return changes
}

const changed = (changes: CatalogueChanges) => changes.added.length + changes.changed.length + changes.retired.length > 0

async function apply(tx: Queryable, file: CatalogueFile, { actor, dryRun, source }: ImportOptions): Promise<CatalogueChanges> {
  const changes = catalogueChanges(await exportCatalogue(tx), file)
  const kept = await billingKept(
    tx,
    changes.changed.flatMap((item) => (item.kind === 'package' ? [{ id: item.entry.id, billing: item.entry.billing, fields: item.fields }] : [])),
  )
  if (kept.length > 0) return { ...changes, refused: kept }
  if (dryRun || !changed(changes)) return changes
  for (const item of [...changes.added, ...changes.changed]) {
    if (item.kind === 'package') await savePackage(tx, item.entry)
    else await saveBundle(tx, item.entry)
  }
  for (const item of changes.retired) {
    if (item.kind === 'package') await retirePackage(tx, item.entry.id)
    else await retireBundle(tx, item.entry.id)
  }
  await audit(tx, actor, { action: 'catalogue.import', targetType: 'catalogue', targetId: source, summary: changeCount(changes) })
  await catalogueChanged(tx)
  return changes
}
