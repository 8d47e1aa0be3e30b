import { isIP } from 'node:net'

export type EndpointCheck = { ok: true } | { ok: false; reason: string }

/** The browsers' push services (Chrome/Edge via FCM, Firefox, Safari, legacy Edge): the only hosts the server ever posts to. */
const pushServiceHosts = [
  /^fcm\.googleapis\.com$/,
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^([a-z0-9-]+\.)+notify\.windows\.com$/,
]

/** The path the sandbox push service takes messages under (server/sandbox/push). */
export const sandboxPushPrefix = '/sandbox/push'

/**
 * Whether the server may post to a subscription's endpoint: a browser's push service over https on 443, never an IP
 * address, credentials or another host (a subscription is customer input, so this keeps the server from being made
 * to post anywhere else). The one exception: the sandbox push service on this server's own origin, where it runs.
 * Checked when a subscription is stored and again before each send.
 */
export function checkPushEndpoint(endpoint: string, { sandboxOrigin }: { sandboxOrigin?: string | undefined } = {}): EndpointCheck {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return { ok: false, reason: 'not a URL' }
  }
  if (sandboxOrigin && url.origin === sandboxOrigin && url.pathname.startsWith(`${sandboxPushPrefix}/`) && !url.username && !url.password) return { ok: true }
  if (url.protocol !== 'https:') return { ok: false, reason: 'not https' }
  if (url.username || url.password) return { ok: false, reason: 'has user information' }
  if (url.port !== '') return { ok: false, reason: `port ${url.port} is not 443` }
  const host = url.hostname
  if (host.startsWith('[') || isIP(host) !== 0) return { ok: false, reason: 'an IP address, not a push service' }
  if (!pushServiceHosts.some((pattern) => pattern.test(host))) return { ok: false, reason: `${host} is not a known push service` }
  return { ok: true }
}
