import type { I18n } from '@lingui/core'

/*
 * Lingui turns `\uXXXX` and `\xXX` in a formatted message into the characters they name, and it does so after the
 * values are in: a customer named `\u0000` (or a SIM called `\u202e`) would come out as a NUL byte (which PostgreSQL
 * refuses) or as a text direction control that the forms' checks kept out. Each backslash in a string value is
 * written as `\x5c`, which that same decoding turns back into a backslash, so the customer's text comes out exactly
 * as typed.
 */

const escapeBackslashes = (value: unknown): unknown => (typeof value === 'string' && value.includes('\\') ? value.replaceAll('\\', '\\x5c') : value)

function literal(values: unknown): unknown {
  if (!values || typeof values !== 'object') return values
  const entries = Object.entries(values)
  if (!entries.some(([, value]) => typeof value === 'string' && value.includes('\\'))) return values
  return Object.fromEntries(entries.map(([key, value]) => [key, escapeBackslashes(value)]))
}

const guarded = new WeakSet<I18n>()

/** Makes `i18n._` and `i18n.t` put every string value in as it is; returns the same instance. */
export function keepValuesLiteral(i18n: I18n): I18n {
  if (guarded.has(i18n)) return i18n
  guarded.add(i18n)
  const translate = i18n._.bind(i18n) as (id: unknown, values?: unknown, options?: unknown) => string
  const guardedTranslate = (id: unknown, values?: unknown, options?: unknown): string =>
    id && typeof id === 'object' && 'values' in id
      ? translate({ ...id, values: literal(id.values) }, literal(values), options)
      : translate(id, literal(values), options)
  Object.assign(i18n, { _: guardedTranslate, t: guardedTranslate })
  return i18n
}
