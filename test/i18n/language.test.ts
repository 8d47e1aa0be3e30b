import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { compiledCatalogue } from './compiledCatalogue.ts'

type Modules = {
  language: typeof import('../../src/i18n/language.ts')
  restore: typeof import('../../src/i18n/restoreLanguage.ts')
  i18n: typeof import('../../src/i18n/i18n.ts')['i18n']
  db: typeof import('../../src/store/db.ts')
  queries: typeof import('../../src/store/queries.ts')
  commit: typeof import('../../src/store/commit.ts')['commit']
  toaster: typeof import('../../src/lib/toaster.ts')
}

/** A fresh page: the app's modules evaluated anew (English active, nothing loaded), on the same device database. */
async function openPage(): Promise<Modules> {
  vi.resetModules()
  return {
    language: await import('../../src/i18n/language.ts'),
    restore: await import('../../src/i18n/restoreLanguage.ts'),
    i18n: (await import('../../src/i18n/i18n.ts')).i18n,
    db: await import('../../src/store/db.ts'),
    queries: await import('../../src/store/queries.ts'),
    commit: (await import('../../src/store/commit.ts')).commit,
    toaster: await import('../../src/lib/toaster.ts'),
  }
}

/** The network: /i18n/{lng}.json from the real catalogues, or whatever a test scripts. */
let answer: (url: string) => Promise<Response>
const requested: string[] = []
/** The page's <link rel="manifest">, the one element the language code looks up. */
const manifestLink = {
  href: '/manifest.webmanifest',
  getAttribute: () => manifestLink.href,
  setAttribute: (_: string, value: string) => (manifestLink.href = value),
}
const document = {
  documentElement: { lang: 'en' },
  cookie: '',
  querySelector: (selector: string) => (selector === 'link[rel="manifest"]' ? manifestLink : null),
}
let page: Modules | undefined

// Each test evaluates the app's modules anew (openPage); the first, cold, took over 5 s on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 })

beforeEach(() => {
  requested.length = 0
  document.documentElement.lang = 'en'
  document.cookie = ''
  manifestLink.href = '/manifest.webmanifest'
  answer = async (url) => {
    const locale = /\/i18n\/([a-z]{2})\.json$/.exec(url)?.[1]
    if (!locale) throw new TypeError(`unexpected fetch ${url}`)
    return new Response(await compiledCatalogue(locale), { headers: { 'Content-Type': 'application/json' } })
  }
  vi.stubGlobal('fetch', (url: string) => {
    requested.push(url)
    return answer(url)
  })
  vi.stubGlobal('document', document)
  vi.stubGlobal('navigator', { onLine: true })
})

afterEach(async () => {
  for (const item of page?.toaster.getToasts() ?? []) page?.toaster.toast.dismiss(item.id)
  await page?.db.closeStore({ delete: true })
  page = undefined
  vi.unstubAllGlobals()
  // The setup file's guard against unhandled network requests.
  vi.stubGlobal('fetch', (input: unknown) => {
    throw new Error(`Unhandled network request in a unit test: ${String(input)}`)
  })
})

const toastTexts = () => page?.toaster.getToasts().map((t) => t.text) ?? []

/** Lets the store's writes and Dexie's live queries settle. */
const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 5))
  expect(await check()).toBe(true)
}

describe('choosing a language', () => {
  it('keeps the current language on screen while the next loads, the selector showing it loading', async () => {
    page = await openPage()
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const real = answer
    answer = async (url) => {
      await held
      return real(url)
    }
    const choosing = page.language.chooseLanguage('xh')
    await until(() => page?.language.loadingLanguage() === 'xh')
    expect(page.i18n.locale).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    release()
    await choosing
    expect(page.language.loadingLanguage()).toBeNull()
    expect(page.i18n.locale).toBe('xh')
    expect(requested).toEqual(['/i18n/xh.json'])
  })

  it('records the choice as a fact in the log, then shows it, sets <html lang> and writes the cookie hint', async () => {
    page = await openPage()
    // What the log says at the moment the language changes on screen: a reload then must keep it.
    let atSwitch: Promise<string | null> | undefined
    page.i18n.on('change', () => {
      if (page?.i18n.locale === 'af') atSwitch ??= page.queries.readChosenLanguage()
    })
    await page.language.chooseLanguage('af')
    expect(await atSwitch).toBe('af')
    expect(page.i18n.locale).toBe('af')
    expect(page.i18n._(generateMessageId('Cart'))).toBe('Mandjie')
    expect(document.documentElement.lang).toBe('af')
    expect(manifestLink.href).toBe('/manifest.af.webmanifest')
    expect(document.cookie).toBe('lang=af; Path=/; Max-Age=31536000; SameSite=Lax')
    await until(async () => (await page!.queries.readChosenLanguage()) === 'af')
    const facts = await (await page.db.openStore()).db.events.where('type').equals('v1.LanguageChosen').toArray()
    expect(facts.map((f) => [f.stream, f.payload])).toEqual([['language', { language: 'af' }]])
  })

  it('after the last failed retry keeps the current language and says so in it', async () => {
    page = await openPage()
    await page.language.chooseLanguage('af')
    answer = async () => {
      throw new TypeError('Failed to fetch')
    }
    requested.length = 0
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const choosing = page.language.chooseLanguage('xh')
    await vi.advanceTimersByTimeAsync(10_849)
    expect(requested).toHaveLength(5)
    expect(page.language.loadingLanguage()).toBe('xh')
    await vi.advanceTimersByTimeAsync(1)
    await choosing
    expect(requested).toHaveLength(6)
    expect(page.language.loadingLanguage()).toBeNull()
    expect(page.i18n.locale).toBe('af')
    expect(document.documentElement.lang).toBe('af')
    expect(toastTexts()).toEqual(['Kon nie daardie taal laai nie. Probeer asseblief weer.'])
    vi.useRealTimers()
    expect(await page.queries.readChosenLanguage()).toBe('af')
  })

  it('offline, a language never loaded on the device says once that it needs a connection, with no retries', async () => {
    page = await openPage()
    vi.stubGlobal('navigator', { onLine: false })
    answer = async () => {
      throw new TypeError('Failed to fetch')
    }
    await page.language.chooseLanguage('xh')
    expect(requested).toHaveLength(1)
    expect(page.i18n.locale).toBe('en')
    expect(toastTexts()).toEqual(['You need to be online to choose isiXhosa for the first time. Please try again when you are back online.'])
    expect(await page.queries.readChosenLanguage()).toBeNull()
  })

  it('a later choice overtakes one still loading', async () => {
    page = await openPage()
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const real = answer
    answer = async (url) => {
      if (url.endsWith('/xh.json')) await held
      return real(url)
    }
    const slow = page.language.chooseLanguage('xh')
    await page.language.chooseLanguage('af')
    release()
    await slow
    expect(page.i18n.locale).toBe('af')
    await until(async () => (await page!.queries.readChosenLanguage()) === 'af')
  })
})

describe('the next visit', () => {
  it('restores the last choice before the first render: catalogue loaded, <html lang> and cookie set', async () => {
    page = await openPage()
    await page.language.chooseLanguage('xh')
    await page.language.chooseLanguage('af')
    await page.language.chooseLanguage('xh')
    await until(async () => (await page!.queries.readChosenLanguage()) === 'xh')

    page = await openPage()
    document.documentElement.lang = 'en'
    document.cookie = ''
    expect(page.i18n.locale).toBe('en')
    await page.restore.restoreLanguage()
    expect(page.i18n.locale).toBe('xh')
    expect(page.i18n._(generateMessageId('Cart'))).toBe('Inqwelo')
    expect(document.documentElement.lang).toBe('xh')
    expect(document.cookie).toBe('lang=xh; Path=/; Max-Age=31536000; SameSite=Lax')
  })

  it('with no choice in the log, keeps the language the cookie hint names (the server drew the page in it)', async () => {
    page = await openPage()
    document.cookie = 'lang=af'
    // The restore itself, not its first-paint budget: nothing of it may still be under way when the test ends.
    await page.language.restoreChoice()
    expect(page.i18n.locale).toBe('af')
    expect(await page.queries.readChosenLanguage()).toBeNull()
  })

  it('a language the customer picks while the last choice is being read stands', async () => {
    page = await openPage()
    await page.language.chooseLanguage('xh')
    await until(async () => (await page!.queries.readChosenLanguage()) === 'xh')
    // The tab closes; its device database stays.
    await page.db.closeStore()

    page = await openPage()
    const restoring = page.language.restoreChoice()
    await page.language.chooseLanguage('af')
    await restoring
    expect(page.i18n.locale).toBe('af')
    expect(document.documentElement.lang).toBe('af')
    await until(async () => (await page!.queries.readChosenLanguage()) === 'af')
    // The tab goes on following the others; that start settles before this page's database is deleted.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(page.i18n.locale).toBe('af')
  })

  it('a language the customer picked before the restore started, still loading, stands (a server-rendered page)', async () => {
    page = await openPage()
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const real = answer
    answer = async (url) => {
      if (url.endsWith('/af.json')) await held
      return real(url)
    }
    // The page is hydrated and the customer picks Afrikaans; its catalogue is on its way when the idle restore runs.
    const picking = page.language.chooseLanguage('af')
    await page.language.restoreChoice()
    release()
    await picking
    expect(page.i18n.locale).toBe('af')
    expect(document.documentElement.lang).toBe('af')
    await until(async () => (await page!.queries.readChosenLanguage()) === 'af')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(page.i18n.locale).toBe('af')
  })

  it('starts in English, and says so in the cookie hint, when no language was ever chosen', async () => {
    page = await openPage()
    await page.restore.restoreLanguage()
    expect(page.i18n.locale).toBe('en')
    expect(document.cookie).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax')
    expect(requested).toEqual([])
  })
})

describe('other tabs', () => {
  it('a choice another tab writes to the log is followed here, without this tab writing one of its own', async () => {
    page = await openPage()
    await page.restore.restoreLanguage()
    // Another tab of the same origin commits its choice to the shared log.
    await page.commit({
      type: 'v1.LanguageChosen',
      payload: { language: 'af' },
      id: 'other-tab-1',
      stream: 'language',
      occurredAt: new Date().toISOString(),
      v: 1,
    })
    await until(() => page?.i18n.locale === 'af')
    expect(document.documentElement.lang).toBe('af')
    await page.commit({
      type: 'v1.LanguageChosen',
      payload: { language: 'en' },
      id: 'other-tab-2',
      stream: 'language',
      occurredAt: new Date().toISOString(),
      v: 1,
    })
    await until(() => page?.i18n.locale === 'en')
    const facts = await (await page.db.openStore()).db.events.where('type').equals('v1.LanguageChosen').count()
    expect(facts).toBe(2)
  })
})
