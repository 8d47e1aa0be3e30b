import { BlockList, isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * Which reverse proxies to believe (X-Forwarded-For, -Proto, -Host): none (false or 0), the nearest N hops in front
 * of this server (true is 1), or those at these addresses or CIDR ranges, however many of them there are.
 */
export type TrustProxy = boolean | number | readonly string[]

/** The pieces of the incoming request that depend on whether a reverse proxy sits in front. */
export interface ProxyTrust {
  trustProxy?: TrustProxy
}

/** One address or a CIDR range, IPv4 or IPv6: 10.0.0.0/8, 192.0.2.7, fd00::/8, ::1. */
export function isProxyRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
}

/** TRUST_PROXY as written: true/false (yes/no, 1/0, empty), a hop count, or a comma list of proxy addresses or ranges. */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim().toLowerCase()
  if (['', 'false', 'no', '0'].includes(text)) return false
  if (['true', 'yes'].includes(text)) return 1
  if (/^\d{1,3}$/.test(text)) return Number(text)
  const ranges = text.split(',').map((s) => s.trim())
  const bad = ranges.find((r) => !isProxyRange(r))
  if (bad !== undefined)
    throw new Error(`TRUST_PROXY must be true, false, a hop count or a comma list of proxy addresses or CIDR ranges; "${bad}" is none of these`)
  return ranges
}

const compiled = new WeakMap<readonly string[], BlockList>()
function blockListOf(ranges: readonly string[]): BlockList {
  let list = compiled.get(ranges)
  if (!list) {
    list = new BlockList()
    for (const range of ranges) {
      const [address = '', bits] = range.split('/')
      const family = isIP(address) === 4 ? 'ipv4' : 'ipv6'
      list.addSubnet(address, bits === undefined ? (family === 'ipv4' ? 32 : 128) : Number(bits), family)
    }
    compiled.set(ranges, list)
  }
  return list
}

/** An address as a proxy writes it, without a port or brackets, IPv4-mapped IPv6 as plain IPv4; undefined if not an IP. */
export function plainAddress(value: string): string | undefined {
  let text = value.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed) text = bracketed[1] ?? ''
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'))
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text)
  if (mapped) text = mapped[1] ?? ''
  return isIP(text) ? text.toLowerCase() : undefined
}

// Which addresses are trusted proxies, as answered before: every request asks about its peer, and a proxy's few
// addresses come back on every request. Bounded, since X-Forwarded-For entries are the client's to make up.
const trustedAnswers = new WeakMap<readonly string[], Map<string, boolean>>()
const trustedAnswersMax = 4_096

const isTrustedProxy = (address: string, ranges: readonly string[]) => {
  let answers = trustedAnswers.get(ranges)
  if (!answers) {
    answers = new Map()
    trustedAnswers.set(ranges, answers)
  }
  let trusted = answers.get(address)
  if (trusted === undefined) {
    const ip = plainAddress(address)
    trusted = ip !== undefined && blockListOf(ranges).check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6')
    if (answers.size >= trustedAnswersMax) answers.clear()
    answers.set(address, trusted)
  }
  return trusted
}

/** Whether the peer that connected may speak for the client through X-Forwarded-* headers. */
export function forwardedHeadersTrusted(peer: string | undefined, trust: TrustProxy = false): boolean {
  if (typeof trust === 'boolean') return trust
  if (typeof trust === 'number') return trust > 0
  return peer !== undefined && isTrustedProxy(peer, trust)
}

/**
 * The client's address from the connecting peer and the X-Forwarded-For it sent. Each proxy appends the address it
 * was reached from, so only the right-hand end of the list is written by proxies we trust; anything further left
 * is the client's to make up. With a hop count N, the entry N from the right (the leftmost if there are fewer);
 * with proxy ranges, the right-most entry that is not one of them; otherwise the peer.
 */
export function clientAddressOf(peer: string | undefined, forwardedFor: string | undefined, trust: TrustProxy = false): string {
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    peer ?? 'unknown',
  ]
  let at = chain.length - 1
  if (trust === true || typeof trust === 'number') at = Math.max(0, at - Number(trust))
  else if (Array.isArray(trust)) while (at > 0 && isTrustedProxy(chain[at] ?? '', trust)) at--
  const found = chain[at] ?? 'unknown'
  return plainAddress(found) ?? found
}

type NodeBindings = { incoming?: unknown; server?: unknown } | undefined

/** The socket peer; none for a request handed to app.fetch in the process (the sandbox's deliveries, tests). */
const peerOf = (c: Context): string | undefined => {
  const bindings = c.env as NodeBindings
  return bindings?.incoming || bindings?.server ? getConnInfo(c).remote.address : undefined
}

/** Whether this request's peer may speak through X-Forwarded-* and the like (X-Request-Id, traceparent): see forwardedHeadersTrusted. */
export const forwardedHeadersTrustedFor = (c: Context, { trustProxy = false }: ProxyTrust): boolean => forwardedHeadersTrusted(peerOf(c), trustProxy)

/** The first four groups of an IPv6 address, written out: 2001:db8:0:0::9 and 2001:db8::1 give 2001:db8:0:0. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.split('::')
  const groups = (part: string | undefined) => (part ? part.split(':') : [])
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  // An embedded IPv4 tail (::1.2.3.4) is two groups, beyond the first four either way.
  const width = (parts: string[]) => parts.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0)
  const full = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - width(left) - width(right))).fill('0'), ...right]
  return full
    .slice(0, 4)
    .map((g) => (g.includes('.') ? '0' : Number.parseInt(g, 16).toString(16)))
    .join(':')
}

/**
 * What per-address limits count a client as: an IPv4 address itself, an IPv6 address by its /64 (one subscriber
 * holds the whole /64, so counting each address apart would give them 2^64 buckets). IPv4-mapped IPv6 is IPv4.
 */
export function addressBucket(address: string): string {
  const ip = plainAddress(address)
  if (ip === undefined || isIP(ip) !== 6) return ip ?? address
  return `${ipv6Prefix64(ip)}::/64`
}

/** The client as per-address limits count it: what the trusted proxies in front say (see clientAddressOf), else the socket peer, IPv6 by its /64. */
export function clientAddress(c: Context, { trustProxy = false }: ProxyTrust): string {
  return addressBucket(clientAddressOf(peerOf(c), c.req.header('X-Forwarded-For'), trustProxy))
}

/** True when the browser reached us over https, directly or (when trusted) through a proxy. */
export function isHttps(c: Context, { trustProxy = false }: ProxyTrust): boolean {
  if (forwardedHeadersTrusted(peerOf(c), trustProxy)) {
    const proto = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim()
    if (proto) return proto === 'https'
  }
  return new URL(c.req.url).protocol === 'https:'
}

/** Whether PUBLIC_URL says customers reach us over https (then the proxy's word on the scheme is not needed). */
export const isPublicHttps = (s: { publicUrl?: string }): boolean => s.publicUrl?.startsWith('https://') === true

/** scheme://host as the browser sees this server. */
export function requestOrigin(c: Context, trust: ProxyTrust): string {
  const url = new URL(c.req.url)
  const host = (forwardedHeadersTrusted(peerOf(c), trust.trustProxy) && c.req.header('X-Forwarded-Host')?.split(',')[0]?.trim()) || url.host
  return `${isHttps(c, trust) ? 'https' : 'http'}://${host}`
}
