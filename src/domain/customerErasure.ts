import { type Fact, factFamilies } from './events.ts'
import type { ErasureRule } from './facts/family.ts'

type AnyRule = ErasureRule<Fact>

/** Each fact type's erasure rule, as its family declares it. */
const rules = new Map<string, AnyRule>(factFamilies.flatMap((family) => Object.entries(family.erasure as Record<string, AnyRule>)))

/**
 * The facts of the log that carry something of one customer, by their families' erasure rules: their sign-ins (the
 * whole profile), the orders they placed on the device and the server's answers to them, their checkouts and payment
 * answers, their account edits and the answers to them, the names they gave their SIMs. Given the log in order, so an
 * answer is known as the customer's once the fact it answers went by.
 */
export function customersFacts<F extends Fact>(log: Iterable<F>, customerId: number): F[] {
  const theirs = new Set<string>()
  return [...log].filter((fact) => belongsTo(rules.get(fact.type) ?? 'names nobody', fact, customerId, theirs))
}

function belongsTo(rule: AnyRule, fact: Fact, customerId: number, theirs: Set<string>): boolean {
  if (rule === 'names nobody') return false
  const named = rule.customer?.(fact) === customerId || (rule.answers !== undefined && theirs.has(rule.answers(fact)))
  if (named && rule.opens) theirs.add(rule.opens(fact))
  return named
}
