/**
 * Issue 12, three languages: switching on the storefront and the signed-in screens, a reload keeping the choice,
 * offline switching, and two tabs following each other. Everything is found by its role and the words the customer
 * reads in the language on screen; each screen is saved at 360 px in both languages.
 */
import { describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { horizontalOverflow, screenshot, useBrowser } from './browser.ts'
import { controlledByWorker, signInAsDemo } from './portal.ts'
import { waitForApp } from './storefront.ts'
import { API_KEY, expectToast, placeUnpaidOrder } from './accounts.ts'

const session = useBrowser()

/** What each language calls the things the test looks for (locales/*.po). */
const words = {
  en: { language: 'Language', home: 'Product Packages', addToCart: /^add to cart/ },
  af: {
    language: 'Taal',
    home: 'Produkpakkette',
    addToCart: /^voeg by mandjie/,
    cart: 'Mandjie',
    cartLines: 'Lyne in die mandjie',
    signup: 'Skep ’n rekening',
    next: 'Volgende',
    firstNameRequired: 'Voornaam is verpligtend.',
    orders: 'Bestellings',
    payForOrder: 'BETAAL VIR BESTELLING',
    payment: 'Betaling',
    payingWith: 'Betaal met:',
    payByCard: 'Betaal met kredietkaart',
    billing: 'Fakturering',
    wallets: 'Beursies',
    login: 'Meld aan',
    signInWithGoogle: 'Meld aan met Google',
    sandboxEmail: 'E-pos',
    displayName: 'Vertoonnaam',
    continue: 'Gaan voort',
    loggedIn: 'Suksesvol aangemeld!',
    googlePay: 'Betaal met Google Pay',
    googlePaySheet: 'Google Pay (toetsomgewing)',
    sheetCancel: 'Kanselleer',
    googlePayCancelled: 'Google Pay is gekanselleer. Niks is gehef nie; kies hoe jy wil betaal.',
    cardDetails: 'Voer jou kaartbesonderhede in',
    card: { number: 'Kaartnommer', expiry: 'Vervaldatum', holder: 'Kaarthouer', pay: 'Betaal nou', invalidNumber: 'Ongeldige kaartnommer' },
    bank: '3-D Secure-verifikasie',
    approve: 'Keur goed',
    paid: 'Betaling suksesvol',
    succeeded: 'Transaksie suksesvol',
    needsConnection: 'Jy moet aanlyn wees om isiXhosa die eerste keer te kies. Probeer asseblief weer wanneer jy weer aanlyn is.',
  },
  xh: {
    language: 'Ulwimi',
    home: 'Iipakethe zeemveliso',
    addToCart: /^faka kwinqwelo/,
    cart: 'Inqwelo',
    cartLines: 'Imigca yenqwelo',
    signup: 'Vula iakhawunti',
    next: 'Okulandelayo',
    firstNameRequired: 'Igama liyafuneka.',
    orders: 'Ii-odolo',
    payForOrder: 'HLAWULELA I-ODOLO',
    payment: 'Intlawulo',
    payingWith: 'Indlela yokuhlawula:',
    payByCard: 'Hlawula ngekhadi lekhredithi',
    billing: 'Iibhili',
    wallets: 'Izipaji',
    login: 'Ngena',
    signInWithGoogle: 'Ngena nge-Google',
    sandboxEmail: 'I-imeyile',
    displayName: 'Igama eliboniswayo',
    continue: 'Qhubeka',
    loggedIn: 'Ungene ngempumelelo!',
    googlePay: 'Hlawula nge-Google Pay',
    googlePaySheet: 'Google Pay (indawo yovavanyo)',
    sheetCancel: 'Rhoxisa',
    googlePayCancelled: 'I-Google Pay irhoxisiwe. Akukho mali itsaliweyo; khetha indlela yokuhlawula.',
    cardDetails: 'Faka iinkcukacha zekhadi lakho',
    card: {
      number: 'Inombolo yekhadi',
      expiry: 'Umhla wokuphelelwa',
      holder: 'Umnini-khadi',
      pay: 'Hlawula ngoku',
      invalidNumber: 'Inombolo yekhadi ayichanekanga',
    },
    bank: 'Uqinisekiso lwe-3-D Secure',
    approve: 'Vuma',
    paid: 'Intlawulo iphumelele',
    succeeded: 'Intengiselwano iphumelele',
  },
} as const

type Code = keyof typeof words
type Translated = Exclude<Code, 'en'>

function languageSelect(page: Page, current: Code): Locator {
  return page.getByRole('banner').getByRole('combobox', { name: words[current].language })
}

/** Picks a language in the header's selector, as it reads in the language now on screen. */
async function switchLanguage(page: Page, from: Code, to: Code): Promise<void> {
  await waitForApp(page)
  await languageSelect(page, from).selectOption({ label: to.toUpperCase() })
}

async function expectLanguage(page: Page, code: Code): Promise<void> {
  await languageSelect(page, code).waitFor()
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(code)
}

/** A screen at 360 px: nothing sticks out sideways, and it is saved for a person to look at. */
async function keep(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  expect(await horizontalOverflow(page), `${name}: horizontal overflow in px`).toBe(0)
  console.log(`[e2e] ${await screenshot(page, name)}`)
}

/** The demo customer's order that still waits for payment, from the server. */
async function unpaidOrderId(page: Page): Promise<number> {
  return page.evaluate(async (key) => {
    const me = await (await fetch('/api/auth/session', { headers: { Key: key } })).json()
    const { orders } = await (await fetch(`/api/v2/partner/orders/${me.user.id}`, { headers: { Key: key }, cache: 'no-store' })).json()
    const unpaid = (orders as { id: number; status: string }[]).find((o) => o.status.toLowerCase() === 'payment not completed')
    if (!unpaid) throw new Error('the demo customer has no unpaid order')
    return unpaid.id
  }, API_KEY)
}

/** The demo customer's prepaid SIM (the one with a wallet), from the server. */
async function prepaidServiceId(page: Page): Promise<number> {
  return page.evaluate(async (key) => {
    const me = await (await fetch('/api/auth/session', { headers: { Key: key } })).json()
    const { services } = await (await fetch(`/api/v8/partner/services/${me.user.id}`, { headers: { Key: key }, cache: 'no-store' })).json()
    const prepaid = (services as { id: number; available_balance?: number }[]).find((s) => s.available_balance !== undefined)
    if (!prepaid) throw new Error('the demo customer has no prepaid SIM')
    return prepaid.id
  }, API_KEY)
}

describe('switching language', () => {
  for (const code of ['af', 'xh'] as const) {
    test(`to ${code} on /, /cart and /signup (with a validation message); prices keep "R299 p/m"`, async () => {
      const context = await session.context()
      const page = await session.page()
      const w = words[code]
      // The catalogue is held back a moment, to see what the customer sees while it loads.
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      await context.route(`**/i18n/${code}.json`, async (route) => {
        await held
        await route.continue()
      })
      await page.goto('/')
      await page.getByRole('heading', { level: 1, name: words.en.home }).waitFor()
      await switchLanguage(page, 'en', code)
      await page.getByRole('banner').getByRole('status', { name: 'Loading' }).waitFor()
      expect(await languageSelect(page, 'en').getAttribute('aria-busy')).toBe('true')
      expect(await page.getByRole('heading', { level: 1, name: words.en.home }).count(), 'English stays while loading').toBe(1)
      release()
      await page.getByRole('heading', { level: 1, name: w.home }).waitFor()
      expect(await languageSelect(page, code).getAttribute('aria-busy')).toBe('false')
      await expectLanguage(page, code)
      const cards = page
        .getByRole('main')
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: w.addToCart }) })
      await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(8)
      expect((await cards.first().innerText()).replace(/\s+/g, ' ')).toMatch(/R\d[\d\s\u00a0]* p\/m/)
      await keep(page, `languages-home-${code}-360`)

      for (let i = 0; i < 2; i++) await cards.nth(i).getByRole('button', { name: w.addToCart }).click()
      // "Mandjie, 2 items", "Inqwelo, izinto ezi-2".
      await page
        .getByRole('banner')
        .getByRole('link', { name: new RegExp(`^${w.cart},.*\\b2\\b`) })
        .click()
      await page.getByRole('heading', { level: 1, name: w.cart }).waitFor()
      await expect.poll(() => page.getByRole('region', { name: w.cartLines }).getByRole('listitem').count()).toBe(2)
      await keep(page, `languages-cart-${code}-360`)

      await page.goto('/signup')
      await page.getByRole('heading', { level: 1, name: w.signup }).waitFor()
      await page.getByRole('button', { name: w.next }).click()
      await page.getByText(w.firstNameRequired, { exact: true }).waitFor()
      await keep(page, `languages-signup-${code}-360`)
    })
  }

  test('signed in: /orders, /billing and the payment screen in af and xh', async () => {
    const page = await session.page()
    await signInAsDemo(page)
    const orderId = await unpaidOrderId(page)
    const prepaidId = await prepaidServiceId(page)
    let current: Code = 'en'
    for (const code of ['xh', 'af'] as const satisfies Translated[]) {
      const w = words[code]
      await page.goto('/orders')
      await switchLanguage(page, current, code)
      current = code
      await page.getByRole('heading', { level: 1, name: w.orders }).waitFor()
      await expect.poll(() => page.getByRole('main').getByRole('row').count()).toBeGreaterThan(1)
      await keep(page, `languages-orders-${code}-360`)

      await page.goto('/billing')
      await page.getByRole('heading', { name: w.billing }).first().waitFor()
      await expect.poll(() => page.getByRole('main').getByRole('row').count()).toBeGreaterThan(1)
      await keep(page, `languages-billing-${code}-360`)

      // The prepaid SIM's wallet has cents: R35,50 in Afrikaans, R35.50 in isiXhosa; its data in GB likewise.
      await page.goto(`/service/${prepaidId}`)
      await page.getByRole('heading', { name: w.wallets }).waitFor()
      // The three subscription gauges (meters) load with their chart code.
      await expect.poll(() => page.getByRole('main').getByRole('meter').count()).toBe(3)
      await expect.poll(() => page.getByRole('main').getByRole('meter').locator('svg').count()).toBe(3)
      await expect.poll(() => page.getByRole('main').innerText()).toMatch(code === 'af' ? /R\d+,\d\d/ : /R\d+\.\d\d/)
      await keep(page, `languages-service-${code}-360`)

      await page.goto(`/orders/${orderId}`)
      await page.getByRole('link', { name: w.payForOrder }).waitFor()
      await keep(page, `languages-order-${code}-360`)
      await page.getByRole('link', { name: w.payForOrder }).click()
      await page.getByRole('heading', { level: 1, name: w.payment }).waitFor()
      await page.getByText(w.payingWith, { exact: true }).waitFor()
      await page.getByRole('button', { name: w.payByCard }).waitFor()
      await keep(page, `languages-payment-${code}-360`)
    }
  })

  for (const code of ['af', 'xh'] as const) {
    test(`the providers' own screens in ${code}: social sign-in, the Google Pay sheet, the card form and the bank's 3-D Secure page`, async () => {
      const page = await session.page()
      const w = words[code]
      await page.goto('/login')
      await switchLanguage(page, 'en', code)
      await expectLanguage(page, code)

      // The identity sandbox's page, in the language the storefront asked for.
      await page.getByRole('link', { name: w.signInWithGoogle }).click()
      await page.getByRole('heading', { level: 1, name: w.signInWithGoogle }).waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(code)
      await keep(page, `languages-social-sandbox-${code}-360`)
      await page.getByLabel(w.sandboxEmail, { exact: true }).fill(`ayanda.${code}.${Date.now().toString(36)}@example.co.za`)
      await page.getByLabel(w.displayName, { exact: true }).fill('Ayanda Mokoena')
      await page.getByRole('button', { name: w.continue, exact: true }).click()
      await expectToast(page, w.loggedIn)
      await page.waitForURL((url) => url.pathname === '/profile')

      const order = await placeUnpaidOrder(page)
      await page.goto(`/orders/${order.id}`)
      await page.getByRole('link', { name: w.payForOrder }).click()
      await page.getByRole('heading', { level: 1, name: w.payment }).waitFor()

      // Google Pay's sheet (the sandbox's stand-in) speaks the language on screen.
      await page.getByRole('button', { name: w.googlePay }).click()
      const sheet = page.getByRole('dialog', { name: w.googlePaySheet })
      await sheet.waitFor()
      await keep(page, `languages-google-pay-sheet-${code}-360`)
      await sheet.getByRole('button', { name: w.sheetCancel }).click()
      await page.getByText(w.googlePayCancelled).waitFor()

      // The provider's card form, then the sandbox bank's page, both in the customer's language.
      await page.getByRole('button', { name: w.payByCard }).click()
      await page.getByRole('heading', { level: 1, name: w.cardDetails }).waitFor()
      await page.getByLabel(w.card.number).fill('4200000000000001')
      await page.getByRole('button', { name: w.card.pay }).click()
      await page.getByText(w.card.invalidNumber, { exact: true }).waitFor()
      await keep(page, `languages-card-form-${code}-360`)
      await page.getByLabel(w.card.number).fill('4000000000000002')
      await page.getByLabel(w.card.expiry).fill(`12/${String(new Date().getFullYear() + 3).slice(2)}`)
      await page.getByLabel(w.card.holder).fill('Ayanda Mokoena')
      await page.getByLabel('CVV').fill('123')
      await page.getByRole('button', { name: w.card.pay }).click()
      await page.getByRole('heading', { level: 1, name: w.bank }).waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(code)
      await keep(page, `languages-3ds-${code}-360`)
      await page.getByRole('button', { name: w.approve }).click()
      await page.getByRole('heading', { level: 1, name: w.paid }).waitFor({ timeout: 15_000 })
      // The provider's description, "Transaction succeeded", in the customer's language.
      await page.getByText(w.succeeded, { exact: true }).waitFor()
      await keep(page, `languages-payment-status-${code}-360`)
    })
  }

  test('a language that still fails after its last retry leaves the current one, and the customer is told', async () => {
    const context = await session.context()
    const page = await session.page()
    let tries = 0
    await context.route('**/i18n/xh.json', async (route) => {
      tries++
      await route.abort('connectionreset')
    })
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: words.en.home }).waitFor()
    const started = Date.now()
    await switchLanguage(page, 'en', 'xh')
    await page.getByRole('alert').filter({ hasText: 'Could not load that language. Please try again.' }).waitFor({ timeout: 20_000 })
    // One try and 5 retries, 350 ms after the first failure and doubling: the last one starts at 10.85 s.
    expect(tries).toBe(6)
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_850)
    await expectLanguage(page, 'en')
    await page.getByRole('heading', { level: 1, name: words.en.home }).waitFor()
  })
})

describe('the choice stays', () => {
  test('a reload shows the chosen language from the first paint, with <html lang> and the cookie hint', async () => {
    const context = await session.context()
    const page = await session.page()
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: words.en.home }).waitFor()
    await switchLanguage(page, 'en', 'xh')
    await page.getByRole('heading', { level: 1, name: words.xh.home }).waitFor()

    // Every heading the page ever shows after the reload, from its very first one.
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { headingsSeen: string[] }).headingsSeen = seen
      new MutationObserver(() => {
        const text = document.querySelector('h1')?.textContent
        if (text && seen.at(-1) !== text) seen.push(text)
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.reload()
    await page.getByRole('heading', { level: 1, name: words.xh.home }).waitFor()
    await expectLanguage(page, 'xh')
    expect(await page.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen)).toEqual([words.xh.home])
    const cookie = (await context.cookies()).find((c) => c.name === 'lang')
    expect(cookie).toMatchObject({ value: 'xh', path: '/', sameSite: 'Lax' })
    // The page links the isiXhosa manifest, whose description an install shows.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? ''
      return { href, body: (await (await fetch(href)).json()) as { lang: string; description: string } }
    })
    expect(manifest.href).toBe('/manifest.xh.webmanifest')
    expect(manifest.body).toMatchObject({ lang: 'xh', description: expect.stringMatching(/^Iipakethe zedatha engenamda/) })
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)
  })

  test('offline, a language seen before works and one never loaded says once that it needs a connection', async () => {
    const context = await session.context()
    const page = await session.page()
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: words.en.home }).waitFor()
    await controlledByWorker(page)
    await switchLanguage(page, 'en', 'af')
    await page.getByRole('heading', { level: 1, name: words.af.home }).waitFor()
    await switchLanguage(page, 'af', 'en')
    await page.getByRole('heading', { level: 1, name: words.en.home }).waitFor()

    await context.setOffline(true)
    await switchLanguage(page, 'en', 'af')
    await page.getByRole('heading', { level: 1, name: words.af.home }).waitFor()
    await expectLanguage(page, 'af')

    // Every alert with these words the page ever shows, also one gone again before the test looks (toasts go after 3 s);
    // a toast is one child of the toaster's alert region, which stays in the page.
    await page.evaluate((text) => {
      const seen = new Set<Element>()
      ;(window as unknown as { alertsSeen: Set<Element> }).alertsSeen = seen
      const note = () => {
        for (const alert of document.querySelectorAll('[role="alert"]'))
          for (const item of alert.children.length > 0 ? alert.children : [alert]) if (item.textContent?.includes(text)) seen.add(item)
      }
      new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true })
      note()
    }, words.af.needsConnection)
    await switchLanguage(page, 'af', 'xh')
    const alert = page.getByRole('alert').filter({ hasText: words.af.needsConnection })
    await alert.waitFor()
    await keep(page, 'languages-offline-needs-connection-af-360')
    // The switch is over once the selector stopped loading and shows Afrikaans again: it can tell nothing more after that.
    await languageSelect(page, 'af').and(page.locator('[aria-busy="false"]')).waitFor()
    expect(await languageSelect(page, 'af').inputValue()).toBe('af')
    expect(await page.evaluate(() => (window as unknown as { alertsSeen: Set<Element> }).alertsSeen.size), 'the needs-a-connection toast, once').toBe(1)
    await expectLanguage(page, 'af')
    await page.getByRole('heading', { level: 1, name: words.af.home }).waitFor()

    // The restored choice loads from the worker's cache when the page opens offline.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: words.af.home }).waitFor()
    await expectLanguage(page, 'af')
  })

  test('two tabs follow each other', async () => {
    const context = await session.context()
    const first = await session.page()
    await first.goto('/')
    await first.getByRole('heading', { level: 1, name: words.en.home }).waitFor()
    const second = await context.newPage()
    await second.goto('/')
    await second.getByRole('heading', { level: 1, name: words.en.home }).waitFor()

    await switchLanguage(first, 'en', 'xh')
    await second.getByRole('heading', { level: 1, name: words.xh.home }).waitFor()
    await expectLanguage(second, 'xh')

    await switchLanguage(second, 'xh', 'af')
    await first.getByRole('heading', { level: 1, name: words.af.home }).waitFor()
    await expectLanguage(first, 'af')
  })
})
