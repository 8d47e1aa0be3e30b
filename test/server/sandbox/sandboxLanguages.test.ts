import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../../src/domain/languageCodes.ts'
import { namedLanguage, sandboxI18n, shopperI18n } from '../../../server/sandbox/i18n.ts'
import { expiredPage, signInPage } from '../../../server/sandbox/identity/page.ts'
import { sandboxIdentities } from '../../../server/sandbox/identity/identities.ts'
import { challengePage, expiredChallengePage, noDecisionPage } from '../../../server/sandbox/payments/pages.ts'
import { widgetTexts } from '../../../server/sandbox/payments/widgetTexts.ts'
import { mailboxPage, mailGonePage } from '../../../server/sandbox/mail/page.ts'
import { sandboxPushPage } from '../../../server/sandbox/push/page.ts'
import type { SandboxSubscription } from '../../../server/sandbox/push/store.ts'

// A sandbox push subscription with one notification, as its page shows it.
const pushedAt = new Date('2026-11-30T08:00:00Z')
const pushSubscription: SandboxSubscription = {
  id: 7,
  token: 't',
  p256dh: 'k',
  auth: 'a',
  privateKey: Buffer.alloc(32),
  createdAt: pushedAt,
  removed: true,
  answer: undefined,
}
const pushed = { receivedAt: pushedAt.toISOString(), ttl: 600, urgency: 'normal', topic: 'usage-1a2b', payload: '{"web_push":8030}' }
// isiXhosa dates are written as en-ZA's (languageCodes.ts intlLocale), so the same as English.
const pushedDate = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long', timeStyle: 'medium', timeZone: 'Africa/Johannesburg' }).format(pushedAt)

/** What reads the same in every language: names, brands, amounts, the card code's own name and the push headers' names and values. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'CVV',
  'ZAR 299.00',
  'VISA •••• 0002',
  'SO-000123',
  ...sandboxIdentities.map((id) => id.email),
  'TTL',
  'Urgency',
  'Topic',
  'normal',
  'usage-1a2b',
  '{ &quot;web_push&quot;: 8030 }',
  pushedDate,
])

/** The text a page shows: every run of text between tags, and the <title>, trimmed; only runs with a letter. */
function shownText(html: string): string[] {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .split(/<[^>]+>/)
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .filter((text) => /\p{L}/u.test(text))
}

const pages = {
  'identity sign-in': (i18n: Awaited<ReturnType<typeof sandboxI18n>>) =>
    signInPage({
      i18n,
      provider: 'google',
      action: '/x',
      error: i18n._({ id: 'identity.missingIdentity', message: 'Enter an email address and a display name.' }),
    }),
  'identity expired': expiredPage,
  '3-D Secure challenge': (i18n: Awaited<ReturnType<typeof sandboxI18n>>) =>
    challengePage(i18n, { amount: '299.00', currency: 'ZAR', brand: 'VISA', last4: '0002', merchantTransactionId: 'SO-000123' }),
  '3-D Secure expired': expiredChallengePage,
  '3-D Secure without a decision': noDecisionPage,
  'mailbox, asking for an address': (i18n: Awaited<ReturnType<typeof sandboxI18n>>) => mailboxPage(i18n, '', []),
  'mailbox of an address without mail': (i18n: Awaited<ReturnType<typeof sandboxI18n>>) => mailboxPage(i18n, 'thandi@example.co.za', []),
  'mailbox, a mail it no longer holds': mailGonePage,
  'push service without subscriptions': (i18n: Awaited<ReturnType<typeof sandboxI18n>>) => sandboxPushPage(i18n, []),
  'push service, a subscription without notifications': (i18n: Awaited<ReturnType<typeof sandboxI18n>>) =>
    sandboxPushPage(i18n, [{ subscription: pushSubscription, messages: [] }]),
  'push service, a notification received': (i18n: Awaited<ReturnType<typeof sandboxI18n>>) =>
    sandboxPushPage(i18n, [{ subscription: { ...pushSubscription, removed: false }, messages: [pushed] }]),
  'card widget': (i18n: Awaited<ReturnType<typeof sandboxI18n>>) =>
    Object.values(widgetTexts(i18n))
      .map((text) => `<p>${text}</p>`)
      .join(''),
}

describe("the sandboxes' pages in isiXhosa and Afrikaans", () => {
  for (const [name, render] of Object.entries(pages)) {
    it(`${name}: no English sentence is left, and <html lang> names the language`, async () => {
      const english = new Set(shownText(render(await sandboxI18n('en'))))
      expect(english.size).toBeGreaterThan(0)
      for (const language of ['af', 'xh'] as const) {
        const html = render(await sandboxI18n(language))
        const left = shownText(html).filter((text) => english.has(text) && !SAME_IN_EVERY_LANGUAGE.has(text))
        expect(left, `${language}: still English`).toEqual([])
        if (html.startsWith('<!doctype html>')) expect(html).toMatch(new RegExp(`<html lang="${language}">`))
      }
    })
  }

  it('the check finds an English text left in a page', async () => {
    const english = new Set(shownText(expiredPage(await sandboxI18n('en'))))
    const half = expiredPage(await sandboxI18n('af')).replace(/<h1>[^<]*<\/h1>/, '<h1>This sign-in has expired</h1>')
    expect(shownText(half).filter((text) => english.has(text))).toEqual(['This sign-in has expired'])
  })
})

describe('the language a sandbox page picks', () => {
  it('takes the first supported language the request names, best first', () => {
    expect(namedLanguage('af')).toBe('af')
    expect(namedLanguage('fr-CA xh-ZA af')).toBe('xh')
    expect(namedLanguage('XH_za')).toBe('xh')
    expect(namedLanguage(undefined, 'en-GB', 'af')).toBe('en')
    expect(namedLanguage('fr', 'zu-ZA', '')).toBeUndefined()
    expect(namedLanguage()).toBeUndefined()
  })

  it('speaks what the request names, else the cookie, else Accept-Language, else English', async () => {
    expect((await shopperI18n('xh', 'af', 'af')).locale).toBe('xh')
    expect((await shopperI18n(undefined, 'af', 'xh')).locale).toBe('af')
    expect((await shopperI18n('fr', undefined, 'xh')).locale).toBe('xh')
    expect((await shopperI18n(undefined, undefined, undefined)).locale).toBe('en')
  })

  it('every language has every message compiled (English where nothing else is)', async () => {
    for (const language of LANGUAGES) {
      const i18n = await sandboxI18n(language)
      expect(i18n.locale).toBe(language)
      expect(Object.keys(i18n.messages).length).toBeGreaterThan(40)
    }
  })
})
