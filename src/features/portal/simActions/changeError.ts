import type { ChangeError } from '../../../../machines/serviceChange.machine.ts'
import { ApiError } from '../../../api/client.ts'

/** Runs a call; its failure thrown as the serviceChange machine keeps it: no answer (offline), or the server's own text. */
export async function asChangeError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    const answered = error instanceof ApiError && error.status !== undefined && error.status > 0
    throw { offline: !answered, message: answered ? error.message : '' } satisfies ChangeError
  }
}
