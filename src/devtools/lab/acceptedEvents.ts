import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { EventSpec } from './labMachine.ts'

/** The event a spec would send now: its template for this context plus its stamp. */
export function sampleEvent(spec: EventSpec, context: unknown): EventObject {
  return { ...spec.template?.(context as never), ...spec.stamp?.(), type: spec.type }
}

/**
 * The events the machine accepts in this snapshot: those whose sample (fitted to the context) would take a
 * transition, guards included. An event a state ignores or forbids, or one a guard refuses, is left out.
 */
export function acceptedEvents(snapshot: AnyMachineSnapshot, specs: readonly EventSpec[]): EventSpec[] {
  if (snapshot.status !== 'active') return []
  return specs.filter((spec) => snapshot.can(sampleEvent(spec, snapshot.context)))
}
