import { startAuthentication } from '@simplewebauthn/browser'
import { StaffApiError, staffApi } from './api/client.ts'
import { passkeyOptions } from './auth/passkeyOptions.ts'

/**
 * The step-up: a refund or a role change needs a passkey check from the last five minutes (the server answers 403 with
 * `stepUp: true` otherwise). `withStepUp(call)` makes the call; on that answer it asks the member, through the dialog
 * (src/staff/StepUpDialog.tsx), to confirm with their passkey, and makes the call once more.
 */
export async function withStepUp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof StaffApiError && error.status === 403 && error.stepUp)) throw error
    await askForStepUp()
    return call()
  }
}

/** The passkey check itself (the dialog's button): options from the server, the browser's passkey prompt, the answer. */
export async function confirmWithPasskey(): Promise<void> {
  const options = await staffApi<unknown>('POST', '/step-up/options')
  const response = await startAuthentication({ optionsJSON: passkeyOptions(options) })
  await staffApi('POST', '/step-up', { response })
}

/** The one pending request for a check: the dialog shows while it is there. */
export interface StepUpRequest {
  confirmed: () => void
  cancelled: () => void
}
let pending: StepUpRequest | undefined
const listeners = new Set<() => void>()

export const stepUpRequest = () => pending
export function onStepUpRequest(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const changed = () => {
  for (const listener of listeners) listener()
}

/** The member declined the check: the call that needed it fails with this. */
export class StepUpCancelled extends Error {
  constructor() {
    super('The passkey check was cancelled.')
    this.name = 'StepUpCancelled'
  }
}

function askForStepUp(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    pending?.cancelled()
    const done = () => {
      pending = undefined
      changed()
    }
    pending = {
      confirmed: () => {
        done()
        resolve()
      },
      cancelled: () => {
        done()
        reject(new StepUpCancelled())
      },
    }
    changed()
  })
}
