import { describe, expect, it } from 'vitest'
import { captureLog } from './helpers/logCapture.ts'

describe('the logger keeps secrets out of its lines', () => {
  it('redacts secret keys at the top, one object down and in headers one object down, without touching the object logged', () => {
    const logged = captureLog('info')
    const request = { headers: { authorization: 'Bearer abc', accept: 'json' }, method: 'POST' }
    const logged1 = { password: 'hunter2', user: { token: 't-1', id: 7, card: { number: '4' } }, request, list: [{ password: 'in a list' }], n: 3 }
    logged.log.info(logged1, 'attempt')
    logged.log.child({ sessionId: 's-1', area: 'x' }).info({ 'card.number': '5' }, 'child')
    const [first, second] = logged.entries()
    expect(first).toMatchObject({
      password: '[redacted]',
      user: { token: '[redacted]', id: 7, card: '[redacted]' },
      request: { headers: { authorization: '[redacted]', accept: 'json' }, method: 'POST' },
      list: [{ password: 'in a list' }],
      n: 3,
      msg: 'attempt',
    })
    expect(second).toMatchObject({ sessionId: '[redacted]', area: 'x', 'card.number': '[redacted]', msg: 'child' })
    expect(logged1.password).toBe('hunter2')
    expect(request.headers.authorization).toBe('Bearer abc')
  })

  it('redacts an identity document however it is logged: the ID number, its sealed bytes, a RICA record or its document', () => {
    const logged = captureLog('info')
    const rica = { first_names: 'Tendai', surname: 'Moyo', document: { type: 'passport', number: 'FN1234567', country: 'ZW' } }
    logged.log.info({ id_number: 'FN1234567', id_number_sealed: 'AQID', iccid: '8927000000000000001' }, 'signed up')
    logged.log.info({ request: { kind: 'activate', rica }, rica }, 'activation')
    logged.log.info({ document: rica.document }, 'document')
    const text = JSON.stringify(logged.entries())
    expect(text).not.toContain('FN1234567')
    expect(text).not.toContain('AQID')
    expect(logged.entries()[1]).toMatchObject({ request: { kind: 'activate', rica: '[redacted]' }, rica: '[redacted]' })
  })
})
