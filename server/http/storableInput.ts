import type { Context, MiddlewareHandler } from 'hono'
import { unstorableFieldMessages } from '../../src/domain/account.ts'
import { isStorableText, toStorableText, unsavable } from '../../src/domain/storable.ts'

/**
 * The last line of defence behind the shared schemas: whatever a route forgets to check, no text PostgreSQL
 * cannot store (and no number JSON.parse overflowed) gets past the request edge.
 */

export interface InputIssue {
  path: string
  message: string
}

/** Far deeper than any real body (an order is six levels); deeper ones would only exhaust recursive code behind us. */
export const maxBodyDepth = 32
export const tooDeep = 'Request body is nested too deeply.'

type Path = readonly (string | number)[]

const dotted = (path: Path) => path.map((key) => toStorableText(String(key))).join('.')

// The shared schema's own message when the field is one of theirs, so the edge and the schema say the same.
function unstorable(path: Path): InputIssue {
  const leaf = path.at(-1)
  const known = typeof leaf === 'string' && Object.hasOwn(unstorableFieldMessages, leaf) ? unstorableFieldMessages[leaf] : undefined
  return { path: dotted(path), message: known ?? unsavable(path.length === 0 ? 'Request body' : dotted(path)) }
}

/** The first string, key or number of a parsed JSON body that PostgreSQL could not store, by its dotted path. */
export function unstorableInBody(body: unknown): InputIssue | undefined {
  // Iterative, so a body nested thousands deep is refused rather than overflowing the stack.
  const stack: { value: unknown; path: Path }[] = [{ value: body, path: [] }]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path } = next
    const key = path.at(-1)
    if (typeof key === 'string' && !isStorableText(key)) return unstorable(path)
    if (path.length > maxBodyDepth) return { path: dotted(path.slice(0, maxBodyDepth)), message: tooDeep }
    if (typeof value === 'string' && !isStorableText(value)) return unstorable(path)
    if (typeof value === 'number' && !Number.isFinite(value))
      return { path: dotted(path), message: `${dotted(path) || 'Request body'} is a number too large to be saved.` }
    if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] })
    else if (value !== null && typeof value === 'object')
      for (const [name, item] of Object.entries(value).reverse()) stack.push({ value: item, path: [...path, name] })
  }
  return undefined
}

// Decoded as Hono decodes route parameters: the whole segment, else each run of escapes that decodes on its own.
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run)
      } catch {
        return run
      }
    })
  }
}

/** The first path segment or query parameter of the URL that PostgreSQL could not store. */
export function unstorableInUrl(url: string): InputIssue | undefined {
  // Only an escape can spell a NUL or a lone surrogate in a URL: plain printable ASCII needs no parsing.
  if (!/[^\x21-\x7e]|%/.test(url)) return undefined
  const { pathname, searchParams } = new URL(url)
  if (!pathname.split('/').every((segment) => isStorableText(decodeSegment(segment)))) {
    return { path: 'path', message: unsavable('The request path') }
  }
  for (const [key, value] of searchParams) {
    if (!isStorableText(key) || !isStorableText(value))
      return { path: `query.${toStorableText(key)}`, message: unsavable(`The query parameter ${toStorableText(key)}`) }
  }
  return undefined
}

/** The same 400 body the routes' validation answers: the message as `error`, and the issue by its path. */
export const inputRefused = (c: Context, issue: InputIssue) => c.json({ error: issue.message, issues: [issue] }, 400)

/** Refuses a request whose path or query PostgreSQL could not store; jsonBody does the same for /api, this is for routes outside it. */
export const storableUrl: MiddlewareHandler = async (c, next) => {
  const issue = unstorableInUrl(c.req.url)
  if (issue) return inputRefused(c, issue)
  await next()
}
