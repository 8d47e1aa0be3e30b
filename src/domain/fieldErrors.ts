import * as v from 'valibot'

/** Field name -> the first message of that field, as a form shows it next to the input. */
export type FieldErrors = Partial<Record<string, string>>

/** Validates `values` and keeps the first issue per top-level field; an empty object means valid. */
export function fieldErrors(schema: v.GenericSchema, values: unknown): FieldErrors {
  const result = v.safeParse(schema, values)
  if (result.success) return {}
  const errors: FieldErrors = {}
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message
  }
  return errors
}
