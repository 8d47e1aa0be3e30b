import { describe, expect, it } from 'vitest'
import { scrubErrorText } from '../../src/domain/clientError.ts'

describe('scrubErrorText', () => {
  it.each([
    ['Failed for thandi@example.co.za', 'Failed for [email]'],
    ['call 082 123 4567, 082-123-4567, 0821234567', 'call [phone], [phone], [phone]'],
    ['call +27 82 123 4567 or +27821234567 or 27821234567', 'call [phone] or [phone] or [phone]'],
    ['ID 8001015009087', 'ID [number]'],
    ['card 4111 1111 1111 1111 or 4111-1111-1111-1111 or 4111111111111111', 'card [number] or [number] or [number]'],
    ['GET https://shop.example/verify_email?token=abc&lang=xh failed', 'GET https://shop.example/verify_email?[query] failed'],
    ['reset code=123456 and token=abc.def', 'reset code=[redacted] and token=[redacted]'],
    ['Authorization: Bearer eyJhbGciOi.eyJzdWIi.c2ln', 'Authorization: Bearer [redacted]'],
    ['link /confirm/Zq9-abcdefghijklmnopqrstuvwxyz0123456789ABCD sent', 'link /confirm/[token] sent'],
  ])('%s', (text, scrubbed) => {
    expect(scrubErrorText(text)).toBe(scrubbed)
  })

  it('keeps what tells where the error is: files, lines and columns, order numbers, amounts, request ids', () => {
    const kept = [
      'at render (https://shop.example/assets/index-BXk3s9aQ.js:12:3456)',
      'at OrderPage (/src/routes/_customer/orders.$id.tsx:41:7)',
      'order 12345 for R199.00 on line 42',
      'request 3f0c2c1e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
    ]
    for (const text of kept) expect(scrubErrorText(text)).toBe(text)
  })

  it('drops the query of a stack frame but keeps its line and column', () => {
    expect(scrubErrorText('at x (https://shop.example/assets/a.js?v=3:12:34)')).toBe('at x (https://shop.example/assets/a.js?[query]:12:34)')
  })
})
