import * as v from 'valibot'
import { factDefinitions, type Fact, type FactDefinition } from './events.ts'

export type CheckedFact = { ok: true; fact: Fact } | { ok: false; problem: string }

type Definitions = Readonly<Record<string, FactDefinition>>

const EnvelopeSchema = v.object({
  type: v.string(),
  id: v.pipe(v.string(), v.nonEmpty()),
  stream: v.string(),
  occurredAt: v.pipe(v.string(), v.isoTimestamp()),
  v: v.pipe(v.number(), v.integer(), v.minValue(1)),
  payload: v.record(v.string(), v.unknown()),
})

const versioned = /^v(\d+)\.(.+)$/

// Each fact's name without its version, to today's name: a fact stored under `v1.X` is read as `v2.X`.
const indexes = new WeakMap<Definitions, Map<string, string>>()
function todaysName(definitions: Definitions, unversioned: string): string | undefined {
  let index = indexes.get(definitions)
  if (!index) {
    index = new Map(Object.keys(definitions).map((name) => [name.replace(versioned, '$2'), name]))
    indexes.set(definitions, index)
  }
  return index.get(unversioned)
}

const fail = (problem: string): CheckedFact => ({ ok: false, problem })

/**
 * A fact as this build knows it, from anything stored or about to be: its envelope checked, an older version
 * lifted by the upcasters, then its payload checked against the definition. Never throws.
 */
export function checkFact(row: unknown, definitions: Definitions = factDefinitions): CheckedFact {
  const envelope = v.safeParse(EnvelopeSchema, row)
  if (!envelope.success) return fail(v.summarize(envelope.issues))
  const { type, payload, ...stamp } = envelope.output
  const [, version, unversioned = ''] = versioned.exec(type) ?? []
  const name = todaysName(definitions, unversioned)
  const definition = name === undefined ? undefined : definitions[name]
  if (name === undefined || !definition) return fail(`${type} is not a fact this app knows.`)
  if (Number(version) !== stamp.v) return fail(`${type} is stored as version ${stamp.v}.`)
  if (stamp.stream !== definition.stream) return fail(`${type} belongs to the ${definition.stream} stream, not ${stamp.stream}.`)
  if (stamp.v > definition.version) return fail(`${type} is newer than this app's v${definition.version}.`)
  let lifted: Record<string, unknown>
  try {
    lifted = definition.upcasters.slice(stamp.v - 1).reduce((older, up) => up(older), payload)
  } catch (error) {
    // An upcaster meets the payload before any check, so a damaged one may trip it.
    return fail(`${type} could not be upcast: ${error instanceof Error ? error.message : String(error)}`)
  }
  const checked = v.safeParse(definition.payload, lifted)
  if (!checked.success) return fail(`${type}: ${v.summarize(checked.issues)}`)
  return { ok: true, fact: { ...stamp, type: name, payload: checked.output, v: definition.version } as Fact }
}
