import { describe, expect, it } from 'vitest'
import { readMigrations } from '../../../server/db/migrate.ts'

/** The first migration written under the rule of docs/upgrades.md ("a release only adds"). */
const firstUnderTheRule = 32

/** Statements that take away or narrow what the previous release may read or write. */
const contracting = [
  /\bdrop\s+(table|column|view|materialized\s+view|function|type)\b/i,
  /\brename\s+(to|column)\b/i,
  /\bset\s+not\s+null\b/i,
  /\balter\s+column\s+\w+\s+(set\s+data\s+)?type\b/i,
]

/** The statements of a migration that contract, comments left out. */
const contractions = (sql: string): string[] =>
  sql
    .split('\n')
    .map((line) => line.replace(/--.*$/, '').trim())
    .filter((line) => contracting.some((pattern) => pattern.test(line)))

describe('migrations: expand, then contract (docs/upgrades.md)', () => {
  it('finds what takes away from the previous release: a dropped table, a column made not null', () => {
    const byVersion = new Map(readMigrations().map((m) => [m.version, m.sql]))
    expect(contractions(byVersion.get(6)!)).toEqual(['drop table login_failures;'])
    expect(contractions(byVersion.get(22)!)).toContain('alter table idempotency_keys alter column sender set not null;')
    expect(contractions(byVersion.get(firstUnderTheRule)!)).toEqual([])
  })

  it('lets a migration take away only with a "-- Contract:" comment saying which earlier release stopped using it', () => {
    const unexplained = readMigrations()
      .filter((m) => m.version >= firstUnderTheRule && contractions(m.sql).length > 0 && !/^-- Contract: \S/m.test(m.sql))
      .map((m) => `${m.name}: ${contractions(m.sql).join(' ')}`)
    expect(unexplained).toEqual([])
  })
})
