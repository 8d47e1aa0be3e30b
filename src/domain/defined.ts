/**
 * A value the code knows is there (the row an INSERT ... RETURNING gives, what a machine's state was entered with):
 * its absence is a bug, so it throws naming what was missing instead of failing later on `undefined`.
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found ${value}`)
  return value
}
