import type * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { checkFact } from '../../../src/domain/factCheck.ts'
import { factDefinitions, type FactType, makeFact } from '../../../src/domain/events.ts'
import type { FactDefinitions, FactFamily } from '../../../src/domain/facts/family.ts'

/** A payload of every fact of a family: a new definition without one does not compile. */
export type Samples<D extends FactDefinitions> = { [T in keyof D & string]: v.InferOutput<D[T]['payload']> }

const stamp = { id: 'fact-1', occurredAt: '2025-03-01T08:00:00.000Z' }

/** What every family owes the log: each fact made, stored and read back as it was, in the family's stream, with an erasure rule. */
export function describeFamily<D extends FactDefinitions, S, F, T extends string>(family: FactFamily<D, S, F, T>, samples: Samples<D>): void {
  const types = Object.keys(family.facts) as (keyof D & string)[]

  describe(`the ${family.stream} facts`, () => {
    it.each(types)('makes %s with its stream and version, and reads it back unchanged', (type) => {
      const payload = samples[type]
      const fact = makeFact(type as FactType, payload as never, stamp)
      const definition = family.facts[type]
      expect(fact).toEqual({ type, payload, ...stamp, stream: family.stream, v: definition?.version })
      expect(checkFact(JSON.parse(JSON.stringify(fact)))).toEqual({ ok: true, fact })
    })

    it('files each fact in its stream under a name that carries its version, as the log knows it', () => {
      for (const type of types) {
        const definition = family.facts[type]
        expect(definition?.stream, type).toBe(family.stream)
        expect(type.startsWith(`v${definition?.version}.`), type).toBe(true)
        expect(factDefinitions[type as FactType], type).toBe(definition)
      }
    })

    it('says of each fact whether it names a customer, for their erasure', () => {
      expect(Object.keys(family.erasure)).toEqual(types)
    })
  })
}
