import { describe, expect, test } from 'vitest'
import { deviceName } from '../../../server/push/deviceName.ts'

describe('the device a subscription is listed as', () => {
  test('names the browser and the system from the User-Agent, the most specific browser first', () => {
    const cases: Array<[string, string]> = [
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome · Android'],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari · iPhone',
      ],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge · Windows'],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox · Linux'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari · macOS'],
      [
        'Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
        'Samsung Internet · Android',
      ],
      ['', 'Browser'],
      ['curl/8.5.0', 'Browser'],
    ]
    for (const [ua, name] of cases) expect(deviceName(ua), ua).toBe(name)
  })
})
