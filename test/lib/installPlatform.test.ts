import { describe, expect, it } from 'vitest'
import { installsFromShareMenu } from '../../src/pwa/platform.ts'

const agents = {
  iPhoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  iPadDesktopSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
}

describe('how a browser installs the app', () => {
  it('takes iOS Safari, and an iPad asking for desktop pages, as installing from the Share menu', () => {
    expect(installsFromShareMenu(agents.iPhoneSafari, 5)).toBe(true)
    expect(installsFromShareMenu(agents.iPadDesktopSafari, 5)).toBe(true)
  })

  it('leaves out a Mac, the other iOS browsers and Android, which have no such hint to give', () => {
    expect(installsFromShareMenu(agents.iPadDesktopSafari, 0)).toBe(false)
    expect(installsFromShareMenu(agents.iPhoneChrome, 5)).toBe(false)
    expect(installsFromShareMenu(agents.androidChrome, 5)).toBe(false)
  })
})
