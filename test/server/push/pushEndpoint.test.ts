import { describe, expect, test } from 'vitest'
import { checkPushEndpoint } from '../../../server/push/pushEndpoint.ts'

const sandboxOrigin = 'http://127.0.0.1:4123'

describe('which push endpoints the server posts to', () => {
  test("takes the browsers' push services over https", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dK9:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://api.push.apple.com/3/device/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://fcm.googleapis.com:443/fcm/send/x',
    ])
      expect(checkPushEndpoint(endpoint), endpoint).toEqual({ ok: true })
  })

  test('refuses http, other ports, user information, IP literals and hosts off the list', () => {
    const refused: Array<[string, RegExp]> = [
      ['http://fcm.googleapis.com/fcm/send/x', /not https/],
      ['https://fcm.googleapis.com:8443/fcm/send/x', /port 8443/],
      ['https://user:pw@fcm.googleapis.com/fcm/send/x', /user information/],
      ['https://user@fcm.googleapis.com/fcm/send/x', /user information/],
      ['https://127.0.0.1/x', /IP address/],
      ['https://10.0.0.7/x', /IP address/],
      ['https://169.254.169.254/latest/meta-data', /IP address/],
      ['https://0x7f000001/x', /IP address/],
      ['https://[::1]/x', /IP address/],
      ['https://[fd00::1]/x', /IP address/],
      ['https://evil.example/fcm.googleapis.com', /not a known push service/],
      ['https://fcm.googleapis.com.evil.example/x', /not a known push service/],
      ['https://notify.windows.com.evil.example/x', /not a known push service/],
      ['https://localhost/x', /not a known push service/],
      ['not a url', /not a URL/],
    ]
    for (const [endpoint, reason] of refused) expect(checkPushEndpoint(endpoint), endpoint).toEqual({ ok: false, reason: expect.stringMatching(reason) })
  })

  test("takes this server's sandbox push service only when sandboxes are allowed, and only under /sandbox/push/", () => {
    const endpoint = `${sandboxOrigin}/sandbox/push/send/tok`
    expect(checkPushEndpoint(endpoint, { sandboxOrigin })).toEqual({ ok: true })
    expect(checkPushEndpoint(endpoint)).toMatchObject({ ok: false })
    expect(checkPushEndpoint(`${sandboxOrigin}/api/orders`, { sandboxOrigin })).toMatchObject({ ok: false })
    expect(checkPushEndpoint(`${sandboxOrigin}/sandbox/push/../../api/x`, { sandboxOrigin })).toMatchObject({ ok: false })
    expect(checkPushEndpoint('http://127.0.0.1:4124/sandbox/push/send/tok', { sandboxOrigin })).toMatchObject({ ok: false })
    expect(checkPushEndpoint('http://u:p@127.0.0.1:4123/sandbox/push/send/tok', { sandboxOrigin })).toMatchObject({ ok: false })
  })
})
