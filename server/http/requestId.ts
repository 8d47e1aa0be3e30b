import { randomUUID } from 'node:crypto'

export const requestIdHeader = 'X-Request-Id'

// A proxy's id is kept when it is a short token; anything else (too long, odd characters, a list) is replaced.
const saneId = /^[\w.:=+/-]{1,128}$/

/** The id this request is logged and answered under: the (trusted) proxy's X-Request-Id when sane, else a new UUID. */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && saneId.test(given) ? given : randomUUID()
}
