import type { FactStamp } from '../domain/events.ts'

/** A new unique id; randomUUID exists only in secure contexts, so plain-http LAN access falls back. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  // RFC 4122 version 4 and variant bits, as randomUUID sets them.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A new fact's identity and time: a fresh id (its idempotency key) and now. */
export function stampNow(): FactStamp {
  return { id: newId(), occurredAt: new Date().toISOString() }
}
