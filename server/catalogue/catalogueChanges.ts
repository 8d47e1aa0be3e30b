import type { CatalogueBundle, CatalogueFile, CataloguePackage } from '../../src/domain/catalogueFile.ts'

type Item = { kind: 'package'; entry: CataloguePackage } | { kind: 'bundle'; entry: CatalogueBundle }

/** One field that an import changes, by its place in the file's entry (`price`, `texts.xh.speed`). */
export interface FieldChange {
  field: string
  from: unknown
  to: unknown
}

/** What importing a file does to the catalogue: what it adds, changes (field by field) and retires. */
export interface CatalogueChanges {
  added: Item[]
  changed: (Item & { fields: FieldChange[] })[]
  retired: Item[]
  /** Why the import changed nothing although the file differs (a package's billing that orders name); none when empty. */
  refused?: string[]
}

/** Every leaf of an entry by its dotted place, a missing translation as null (absent and null mean the same). */
function leaves(value: unknown, place = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, place ? `${place}.${key}` : key, into)
  } else into.set(place, value ?? null)
  return into
}

/** The value at a dotted place of an entry (null when there is none). */
const readAt = (value: object, place: string): unknown =>
  place
    .split('.')
    .reduce<unknown>((inner, key) => (inner !== null && typeof inner === 'object' ? (inner as Record<string, unknown>)[key] : undefined), value) ?? null

/**
 * The fields that differ between two entries; a translation given as null (or left out) equals one the database has
 * no row for, and a translation that appears or disappears is one change of the whole translation.
 */
function fieldChanges(from: object, to: object): FieldChange[] {
  const before = leaves(from)
  const after = leaves(to)
  const collapse = (place: string) => place.replace(/^(texts\.(?:xh|af))\..*$/, '$1')
  const changes = new Map<string, FieldChange>()
  for (const place of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(place) ?? null
    const now = after.get(place) ?? null
    if (old === now) continue
    const whole = collapse(place)
    const entire = whole !== place && (!before.has(place) || !after.has(place))
    if (entire) changes.set(whole, { field: whole, from: readAt(from, whole), to: readAt(to, whole) })
    else changes.set(place, { field: place, from: old, to: now })
  }
  return [...changes.values()]
}

function compare<T extends { id: number | string }>(current: readonly T[], next: readonly T[], item: (entry: T) => Item): CatalogueChanges {
  const changes: CatalogueChanges = { added: [], changed: [], retired: [] }
  const now = new Map(current.map((entry) => [entry.id, entry]))
  for (const entry of next) {
    const old = now.get(entry.id)
    if (!old) changes.added.push(item(entry))
    else {
      const fields = fieldChanges(old, entry)
      if (fields.length > 0) changes.changed.push({ ...item(entry), fields })
    }
  }
  const kept = new Set(next.map((entry) => entry.id))
  for (const entry of current) if (!kept.has(entry.id)) changes.retired.push(item(entry))
  return changes
}

/** What loading `next` over `current` (both as exportCatalogue words them) adds, changes and retires. */
export function catalogueChanges(current: CatalogueFile, next: CatalogueFile): CatalogueChanges {
  const packages = compare(current.packages, next.packages, (entry) => ({ kind: 'package', entry }))
  const bundles = compare(current.bundles, next.bundles, (entry) => ({ kind: 'bundle', entry }))
  return {
    added: [...packages.added, ...bundles.added],
    changed: [...packages.changed, ...bundles.changed],
    retired: [...packages.retired, ...bundles.retired],
  }
}

export const changeCount = (changes: CatalogueChanges) => ({
  added: changes.added.length,
  changed: changes.changed.length,
  retired: changes.retired.length,
})

const said = (value: unknown) => (value === null ? 'missing' : JSON.stringify(value))
const titleOf = (item: Item) => `${item.kind} ${JSON.stringify(item.entry.id)} "${item.kind === 'package' ? item.entry.texts.en.name : item.entry.names.en}"`

/** The changes as lines a person reads: one per entry, each changed field as old → new. */
export function describeChanges(changes: CatalogueChanges): string[] {
  return [
    ...changes.added.map((item) => `  add ${titleOf(item)}`),
    ...changes.changed.map(
      (item) => `  change ${titleOf(item)}: ${item.fields.map(({ field, from, to }) => `${field} ${said(from)} → ${said(to)}`).join('; ')}`,
    ),
    ...changes.retired.map((item) => `  retire ${titleOf(item)}`),
  ]
}
