import { config } from '../../../config.ts'

// The deployment's setting: TEST or PRODUCTION use Google's pay.js (the button component loads it), SANDBOX the
// in-page client, loaded only then (its own chunk).
const googleScript = config.googlePay?.environment !== 'SANDBOX'

let installed = googleScript
let installing: Promise<void> | undefined

/** True once the button may ask for `google.payments.api.PaymentsClient` (Google's button loads Google's itself). */
export const walletClientInstalled = (): boolean => installed

/**
 * Resolves once the button may ask for `google.payments.api.PaymentsClient`; in a sandbox build that is when the
 * sandbox's client is loaded and installed. Rejects as the button does when Google's script cannot load (the
 * page then offers the card), and a later call tries again.
 */
export function installWalletClient(): Promise<void> {
  if (googleScript) return Promise.resolve()
  installing ??= import('../../../sandboxes/googlePay/paymentsClient.ts').then(
    (sandbox) => {
      sandbox.installSandboxPaymentsClient()
      installed = true
    },
    (error: unknown) => {
      installing = undefined
      throw new Error(`Unable to load script: the Google Pay sandbox (${String(error)})`)
    },
  )
  return installing
}
