import * as v from 'valibot'

/** Why a typed payload cannot be sent; the screen words it in the tester's language. */
export type PayloadProblem = { kind: 'json'; detail: string } | { kind: 'notObject' } | { kind: 'schema'; path: string; issue: v.BaseIssue<unknown> }

export type PayloadCheck = { ok: true; payload: Record<string, unknown> } | { ok: false; problem: PayloadProblem }

/** The dotted path of an issue inside the payload ("line.unit_price"); empty for the payload itself. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((item) => String(item.key)).join('.')
}

/**
 * Reads the editor's JSON and checks it against the event's schema; the schema's output (trimmed, defaults
 * filled) is what gets sent, with the `stamp` the lab adds as the app's senders do. An empty editor means an
 * empty payload.
 */
export function checkPayload(text: string, schema: v.GenericSchema, stamp: Record<string, string> = {}): PayloadCheck {
  let data: unknown
  try {
    data = text.trim() === '' ? {} : JSON.parse(text)
  } catch (error) {
    return { ok: false, problem: { kind: 'json', detail: error instanceof Error ? error.message : String(error) } }
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { ok: false, problem: { kind: 'notObject' } }
  const result = v.safeParse(schema, { ...data, ...stamp })
  if (!result.success) {
    const [issue] = result.issues
    return { ok: false, problem: { kind: 'schema', path: issuePath(issue), issue } }
  }
  return { ok: true, payload: result.output as Record<string, unknown> }
}

/** The editor's starting text: the template without the fields the lab stamps itself. */
export function payloadText(template: Record<string, unknown> | undefined): string {
  return template === undefined ? '' : JSON.stringify(template, null, 2)
}
