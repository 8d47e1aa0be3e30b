/** JSON as the lab records, exports and compares it: errors kept as their name, message and status. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const ERROR_KEY = '$error'

interface EncodedError {
  name: string
  message: string
  status?: number
}

/** A JSON copy of `value`; an Error becomes `{ $error: { name, message, status } }` instead of `{}`. */
export function toJson(value: unknown): Json {
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof Error)) return item
    const status = (item as { status?: unknown }).status
    const encoded: EncodedError = { name: item.name, message: item.message, ...(typeof status === 'number' ? { status } : {}) }
    return { [ERROR_KEY]: encoded }
  })
  return text === undefined ? null : (JSON.parse(text) as Json)
}

/** The value the machine met: encoded errors become Errors again (with their status), the rest stays as it is. */
export function fromJson(value: Json): unknown {
  if (Array.isArray(value)) return value.map(fromJson)
  if (value === null || typeof value !== 'object') return value
  const encoded = value[ERROR_KEY]
  if (encoded && typeof encoded === 'object' && !Array.isArray(encoded) && Object.keys(value).length === 1) {
    const { name, message, status } = encoded as Partial<Record<keyof EncodedError, Json>>
    const error = new Error(typeof message === 'string' ? message : '')
    error.name = typeof name === 'string' ? name : 'Error'
    if (typeof status === 'number') Object.assign(error, { status })
    return error
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromJson(item)]))
}

/** One text per value whatever the key order, to compare two recordings. */
export function canonical(value: unknown): string {
  const sort = (item: Json): Json => {
    if (Array.isArray(item)) return item.map(sort)
    if (item === null || typeof item !== 'object') return item
    return Object.fromEntries(
      Object.keys(item)
        .sort()
        .map((key) => [key, sort(item[key] as Json)]),
    )
  }
  return JSON.stringify(sort(toJson(value)))
}

/** Indented JSON for people. */
export const pretty = (value: unknown): string => JSON.stringify(toJson(value), null, 2)
