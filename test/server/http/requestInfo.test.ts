import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { addressBucket, clientAddress, clientAddressOf, forwardedHeadersTrusted, isHttps, plainAddress } from '../../../server/http/requestInfo.ts'
import type { TrustProxy } from '../../../server/http/requestInfo.ts'

const proxies = ['10.0.0.0/8', '2001:db8:cafe::/48', '192.0.2.7']

describe('the client address behind reverse proxies', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    for (const off of [false, 0] as TrustProxy[]) {
      expect(clientAddressOf('198.51.100.9', '203.0.113.1', off)).toBe('198.51.100.9')
      expect(clientAddressOf('2001:db8::9', '203.0.113.1, 10.0.0.1', off)).toBe('2001:db8::9')
    }
    expect(clientAddressOf(undefined, undefined, false)).toBe('unknown')
  })

  it('with a hop count, is the entry that many from the right; true is one hop', () => {
    const chain = '203.0.113.66, 198.51.100.20, 10.1.1.1'
    expect(clientAddressOf('10.9.9.9', chain, true)).toBe('10.1.1.1')
    expect(clientAddressOf('10.9.9.9', chain, 1)).toBe('10.1.1.1')
    expect(clientAddressOf('10.9.9.9', chain, 2)).toBe('198.51.100.20')
    expect(clientAddressOf('10.9.9.9', chain, 3)).toBe('203.0.113.66')
    // Fewer entries than hops: the furthest one there is.
    expect(clientAddressOf('10.9.9.9', chain, 5)).toBe('203.0.113.66')
    // No header at all: the peer.
    expect(clientAddressOf('10.9.9.9', undefined, 2)).toBe('10.9.9.9')
  })

  it('with a hop count, ignores entries a client wrote to the left of the proxies', () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; the one proxy appended the address it saw.
    expect(clientAddressOf('10.0.0.2', '1.1.1.1, 198.51.100.20', 1)).toBe('198.51.100.20')
    expect(clientAddressOf('10.0.0.2', '1.1.1.1,2.2.2.2,   198.51.100.20', 1)).toBe('198.51.100.20')
  })

  it('with proxy ranges, is the right-most entry that is not a trusted proxy (IPv4)', () => {
    expect(clientAddressOf('10.0.0.2', '198.51.100.20', proxies)).toBe('198.51.100.20')
    expect(clientAddressOf('10.0.0.2', '198.51.100.20, 10.3.4.5, 192.0.2.7', proxies)).toBe('198.51.100.20')
    // A spoofed left-most entry stays left of the real client, so it is never reached.
    expect(clientAddressOf('10.0.0.2', '10.0.0.99, 198.51.100.20, 10.3.4.5', proxies)).toBe('198.51.100.20')
    expect(clientAddressOf('10.0.0.2', '127.0.0.1, 198.51.100.20', proxies)).toBe('198.51.100.20')
  })

  it('with proxy ranges, is the right-most entry that is not a trusted proxy (IPv6, brackets, ports, IPv4-mapped)', () => {
    expect(clientAddressOf('2001:db8:cafe::1', '2001:db8:1::77', proxies)).toBe('2001:db8:1::77')
    expect(clientAddressOf('2001:db8:cafe::1', '[2001:db8:1::77]:51234, [2001:db8:cafe:0:0:0:0:2]:443', proxies)).toBe('2001:db8:1::77')
    expect(clientAddressOf('::ffff:10.0.0.2', '198.51.100.20:8443', proxies)).toBe('198.51.100.20')
    expect(clientAddressOf('::ffff:10.0.0.2', '::ffff:198.51.100.20', proxies)).toBe('198.51.100.20')
    expect(clientAddressOf('2001:db8:cafe::1', 'fe80::1, 2001:DB8:1::77', proxies)).toBe('2001:db8:1::77')
  })

  it('with proxy ranges, is the peer when the peer is not a trusted proxy, however the header is forged', () => {
    expect(clientAddressOf('198.51.100.9', '203.0.113.1', proxies)).toBe('198.51.100.9')
    expect(clientAddressOf('2001:db8:1::9', '10.0.0.1', proxies)).toBe('2001:db8:1::9')
    expect(clientAddressOf(undefined, '203.0.113.1', proxies)).toBe('unknown')
  })

  it('with proxy ranges, is the left-most entry when every hop is a trusted proxy, and stops at garbage', () => {
    expect(clientAddressOf('10.0.0.2', '10.0.0.5, 10.0.0.4', proxies)).toBe('10.0.0.5')
    expect(clientAddressOf('10.0.0.2', '198.51.100.20, not-an-ip', proxies)).toBe('not-an-ip')
  })

  it('normalises what a proxy writes: ports, brackets, IPv4-mapped IPv6, capitals; not an address stays as it is', () => {
    expect(plainAddress(' 198.51.100.20:443 ')).toBe('198.51.100.20')
    expect(plainAddress('[2001:DB8::1]:443')).toBe('2001:db8::1')
    expect(plainAddress('[2001:db8::1]')).toBe('2001:db8::1')
    expect(plainAddress('::FFFF:198.51.100.20')).toBe('198.51.100.20')
    expect(plainAddress('unknown')).toBeUndefined()
  })

  it('believes X-Forwarded-Proto only from a trusted peer', () => {
    expect(forwardedHeadersTrusted('198.51.100.9', false)).toBe(false)
    expect(forwardedHeadersTrusted('198.51.100.9', 1)).toBe(true)
    expect(forwardedHeadersTrusted('198.51.100.9', proxies)).toBe(false)
    expect(forwardedHeadersTrusted('::ffff:10.1.2.3', proxies)).toBe(true)
    expect(forwardedHeadersTrusted(undefined, proxies)).toBe(false)
  })

  it('reads the Node socket peer and the headers of a request', async () => {
    const app = new Hono().get('/', (c) => c.json({ address: clientAddress(c, { trustProxy: proxies }), https: isHttps(c, { trustProxy: proxies }) }))
    const ask = async (peer: string) =>
      (
        await app.request(
          '/',
          { headers: { 'X-Forwarded-For': '1.1.1.1, 198.51.100.20', 'X-Forwarded-Proto': 'https' } },
          { incoming: { socket: { remoteAddress: peer } } },
        )
      ).json()
    expect(await ask('10.0.0.2')).toEqual({ address: '198.51.100.20', https: true })
    expect(await ask('198.51.100.9')).toEqual({ address: '198.51.100.9', https: false })
  })

  it('counts an IPv6 client by its /64 and an IPv4 or IPv4-mapped client by its address', () => {
    expect(addressBucket('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(addressBucket('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(addressBucket('[2001:db8:1:2:3:4:5:6]:8443')).toBe('2001:db8:1:2::/64')
    expect(addressBucket('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(addressBucket('2001:db8::9')).toBe('2001:db8:0:0::/64')
    expect(addressBucket('::1')).toBe('0:0:0:0::/64')
    expect(addressBucket('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64')
    expect(addressBucket('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(addressBucket('198.51.100.7')).toBe('198.51.100.7')
    expect(addressBucket('unknown')).toBe('unknown')
  })

  it('gives limits the /64 of an IPv6 client behind a trusted proxy', async () => {
    const app = new Hono().get('/', (c) => c.text(clientAddress(c, { trustProxy: 1 })))
    const ask = async (forwarded: string) => (await app.request('/', { headers: { 'X-Forwarded-For': forwarded } })).text()
    expect(await ask('2001:db8:1:2::1')).toBe(await ask('2001:db8:1:2:aaaa::2'))
    expect(await ask('2001:db8:1:2::1')).not.toBe(await ask('2001:db8:1:3::1'))
    expect(await ask('::ffff:203.0.113.4')).toBe('203.0.113.4')
  })
})
