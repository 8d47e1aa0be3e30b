import type { Context } from 'hono'
import * as v from 'valibot'

/** 400 with the first message as `error` (what a toast shows) and every issue by its dotted path. */
export function validationError(c: Context, issues: readonly v.BaseIssue<unknown>[]) {
  const list = issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }))
  return c.json({ error: list[0]?.message ?? 'Invalid request body', issues: list }, 400)
}
