// Build-time switch, like the address adapter: 'google' uses Google's pay.js (the button component loads it);
// anything else the sandbox client. Spelled out so Vite replaces it at build time and a 'google' build carries
// none of the sandbox (test/server/clientBuild.test.ts).
const googleScript = import.meta.env.VITE_GOOGLE_PAY === 'google'

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
