/** What the sandbox reads from a Google Pay token; the real provider decrypts the token to learn the same. */
export type GooglePayToken =
  | { kind: 'sandbox'; network: 'VISA' | 'MASTERCARD'; last4: string; expiryMonth: string; expiryYear: string; holder: string; approve: boolean }
  /** A token from Google's TEST environment: well formed but encrypted for the real provider, so approved with an unknown card. */
  | { kind: 'google' }

const maxTokenLength = 20_000

/** The token (tokenizationData.token), or undefined when it is not one. */
export function readGooglePayToken(token: string): GooglePayToken | undefined {
  if (token.length === 0 || token.length > maxTokenLength) return undefined
  const outer = parseObject(token)
  if (!outer || typeof outer.protocolVersion !== 'string' || typeof outer.signature !== 'string' || typeof outer.signedMessage !== 'string') return undefined
  if (!outer.protocolVersion.startsWith('EC') || outer.signature === '') return undefined
  const message = parseObject(outer.signedMessage)
  if (!message) return undefined
  if (outer.signature !== 'sandbox') return typeof message.encryptedMessage === 'string' ? { kind: 'google' } : undefined
  const { sandbox, cardNetwork, last4, expiryMonth, expiryYear, holder, outcome } = message
  if (sandbox !== true || (cardNetwork !== 'VISA' && cardNetwork !== 'MASTERCARD')) return undefined
  if (typeof last4 !== 'string' || !/^\d{4}$/.test(last4)) return undefined
  if (typeof expiryMonth !== 'string' || !/^(0[1-9]|1[0-2])$/.test(expiryMonth)) return undefined
  if (typeof expiryYear !== 'string' || !/^\d{4}$/.test(expiryYear)) return undefined
  if (holder !== undefined && (typeof holder !== 'string' || holder.length > 128)) return undefined
  if (outcome !== 'approve' && outcome !== 'decline') return undefined
  return { kind: 'sandbox', network: cardNetwork, last4, expiryMonth, expiryYear, holder: holder ?? '', approve: outcome === 'approve' }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
