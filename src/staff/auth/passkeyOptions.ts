import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'

/** The WebAuthn options the staff API answered, whether bare or as `{ options }`. */
export function passkeyOptions<
  T extends PublicKeyCredentialRequestOptionsJSON | PublicKeyCredentialCreationOptionsJSON = PublicKeyCredentialRequestOptionsJSON,
>(answer: unknown): T {
  const bag = answer as { options?: T }
  return (bag.options ?? answer) as T
}
