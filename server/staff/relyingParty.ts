import type { Context } from 'hono'
import { requestOrigin } from '../http/requestInfo.ts'
import type { ProxyTrust } from '../http/requestInfo.ts'
import { shopName } from '../mail/render.ts'

export interface RelyingPartySettings extends ProxyTrust {
  /** PUBLIC_URL, or '' in the demo. */
  publicUrl?: string
}

/** Who passkeys are made for and checked against (WebAuthn's relying party). */
export interface RelyingParty {
  /** The name the browser shows when it asks for a passkey. */
  name: string
  /** The host name a passkey is bound to. */
  id: string
  /** The origin a passkey answer must come from. */
  origin: string
}

/**
 * The relying party: PUBLIC_URL's origin whenever it is set (a forged Host or X-Forwarded-Host then changes nothing),
 * else the origin the browser reached us at, through the proxies TRUST_PROXY believes. A passkey is bound to the
 * host name, so moving the shop to another host needs new passkeys.
 */
export function relyingParty(c: Context, settings: RelyingPartySettings): RelyingParty {
  const origin = settings.publicUrl || requestOrigin(c, settings)
  return { name: shopName(), id: new URL(origin).hostname, origin }
}
