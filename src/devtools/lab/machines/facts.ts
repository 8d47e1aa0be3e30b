import type { Fact, FactBody } from '../../../domain/events.ts'
import { newId } from '../../../lib/ids.ts'

/** A fact as the app's own writers make it: a new id, the time now, version 1. */
export function stamped<B extends FactBody>(stream: string, body: B): Fact<B> {
  return { ...body, id: newId(), stream, occurredAt: new Date().toISOString(), v: 1 } as Fact<B>
}
