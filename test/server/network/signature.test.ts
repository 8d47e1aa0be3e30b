import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { replayWindowSeconds, signatureHeader, verifySignature } from '../../../server/network/signature.ts'

const secret = Buffer.from('whsec_test_0123456789abcdef0123456789')
const body = '{"id":"evt_1","type":"sim.returned","occurred_at":"2026-11-29T10:00:00Z","sim":{"reference":"SVC-000001"},"data":{}}'
const t = 1_796_000_000

describe('network event signatures', () => {
  it('signs "<t>.<raw body>" with HMAC-SHA256 as the documented example', () => {
    const hex = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
    expect(signatureHeader(secret, body, t)).toBe(`t=${t},v1=${hex}`)
  })

  it('accepts a good signature within the replay window, before or after now', () => {
    const header = signatureHeader(secret, body, t)
    expect(verifySignature(secret, header, body, t)).toBe('ok')
    expect(verifySignature(secret, header, body, t + replayWindowSeconds)).toBe('ok')
    expect(verifySignature(secret, header, body, t - replayWindowSeconds)).toBe('ok')
    // Several v1 values (a secret being rolled): one matching is enough.
    const other = signatureHeader(Buffer.from('the old secret'), body, t).split(',')[1]
    expect(verifySignature(secret, `${header},${other}`, body, t)).toBe('ok')
    expect(verifySignature(secret, `${other}, ${header}`, body, t)).toBe('ok')
  })

  it('refuses a stale signature and one from the future, beyond 300 s', () => {
    const header = signatureHeader(secret, body, t)
    expect(verifySignature(secret, header, body, t + replayWindowSeconds + 1)).toBe('stale')
    expect(verifySignature(secret, header, body, t - replayWindowSeconds - 1)).toBe('stale')
  })

  it('refuses another secret, another body, a changed time, and what is not a signature', () => {
    const header = signatureHeader(secret, body, t)
    expect(verifySignature(Buffer.from('another secret'), header, body, t)).toBe('bad')
    expect(verifySignature(secret, header, body.replace('returned', 'activated'), t)).toBe('bad')
    expect(verifySignature(secret, header, `${body} `, t)).toBe('bad')
    expect(verifySignature(secret, header.replace(`t=${t}`, `t=${t + 1}`), body, t)).toBe('bad')
    // A stale time with a forged signature is bad, not stale: only a true signature is told it is late.
    expect(verifySignature(secret, header.replace(`t=${t}`, `t=${t - 1_000}`), body, t)).toBe('bad')
    for (const wrong of [undefined, '', 'v1=abc', `t=${t}`, `t=${t},v1=zz`, `t=soon,v1=${'0'.repeat(64)}`, `t=${t},v1=${'0'.repeat(63)}`])
      expect(verifySignature(secret, wrong, body, t), String(wrong)).toBe('bad')
  })
})
