import * as v from 'valibot'

// A mailed link's token (?token=<43 characters>); a link without one is refused by the server as not valid, like a cut-short one.
const TokenSearch = v.object({ token: v.optional(v.string(), '') })

/** The search of every page a mailed link opens (reset, confirm, verify, stop, undo). */
export function validateTokenSearch(search: Record<string, unknown>): { token: string } {
  const parsed = v.safeParse(TokenSearch, search)
  return parsed.success ? parsed.output : { token: '' }
}
