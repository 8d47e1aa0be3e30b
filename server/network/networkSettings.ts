/** The network's settings: the reseller's enabler (its URL, token and webhook secret), or the sandbox network this server runs. */
export type NetworkSettings = { kind: 'sandbox'; webhookSecret?: string } | { kind: 'enabler'; baseUrl: string; apiToken: string; webhookSecret: string }

export function readNetwork(e: { NETWORK_BASE_URL: string; NETWORK_API_TOKEN: string; NETWORK_WEBHOOK_SECRET: string }): NetworkSettings {
  if (e.NETWORK_BASE_URL === '') {
    if (e.NETWORK_API_TOKEN !== '') throw new Error('Invalid environment: NETWORK_API_TOKEN is set without NETWORK_BASE_URL, the enabler it is for')
    return { kind: 'sandbox', ...(e.NETWORK_WEBHOOK_SECRET ? { webhookSecret: e.NETWORK_WEBHOOK_SECRET } : {}) }
  }
  if (e.NETWORK_API_TOKEN === '' || e.NETWORK_WEBHOOK_SECRET === '')
    throw new Error(
      'Invalid environment: NETWORK_API_TOKEN and NETWORK_WEBHOOK_SECRET are both required with NETWORK_BASE_URL (the token we call the enabler with, the secret it signs its events with)',
    )
  return { kind: 'enabler', baseUrl: e.NETWORK_BASE_URL, apiToken: e.NETWORK_API_TOKEN, webhookSecret: e.NETWORK_WEBHOOK_SECRET }
}
