import type { Context } from 'hono'
import * as v from 'valibot'

/** The body of a refused request: validationError's, and the edge's (jsonBody), without issues for malformed JSON. */
export const ValidationErrorSchema = v.object({ error: v.string(), issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))) })

/** 400 with the first message as `error` (what a toast shows) and every issue by its dotted path. */
export function validationError(c: Context, issues: readonly v.BaseIssue<unknown>[]) {
  const list = issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }))
  return c.json({ error: list[0]?.message ?? 'Invalid request body', issues: list }, 400)
}
