import { MAX_ID } from '../../src/domain/storable.ts'

/** A path id as the API takes them: 1 to 15 digits (inside bigint and a safe JS integer), else undefined. */
export function idParam(param: string): number | undefined {
  if (!/^\d{1,15}$/.test(param)) return undefined
  const id = Number(param)
  return id >= 1 && id <= MAX_ID ? id : undefined
}

/** Whether a path's user id names the signed-in customer: anything else is someone else's account (403). */
export const isOwn = (param: string | number, customerId: number): boolean => idParam(String(param)) === customerId
