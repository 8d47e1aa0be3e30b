import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NotificationsOffer } from '../../src/features/notifications/NotificationsOffer.tsx'
import { NotificationsSection } from '../../src/features/notifications/NotificationsSection.tsx'
import { renderForm, type Sent, serverAnswers } from './render.tsx'

// The browser's edges of push (jsdom has none): the permission prompt, the worker's PushManager and Cache Storage.
// The server is the network edge (serverAnswers). `asked` counts the permission prompts.
const key = `BA${'Q'.repeat(85)}`
const browser = {
  permission: 'default' as NotificationPermission,
  answer: 'granted' as NotificationPermission,
  asked: 0,
  held: null as object | null,
  settings: undefined as string | undefined,
  unsubscribed: 0,
}
const android = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36'
const iPhoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'

function subscription() {
  const endpoint = 'https://fcm.googleapis.com/fcm/send/device-1'
  return {
    endpoint,
    options: { applicationServerKey: Uint8Array.from(atob(key.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0)).buffer },
    toJSON: () => ({ endpoint, keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) } }),
    unsubscribe: async () => {
      browser.unsubscribed += 1
      browser.held = null
      return true
    },
  }
}

function withBrowser({ userAgent = android, push = true }: { userAgent?: string; push?: boolean } = {}) {
  const registration = {
    pushManager: {
      getSubscription: async () => browser.held,
      subscribe: async () => {
        browser.held = subscription()
        return browser.held
      },
    },
  }
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission
    },
    requestPermission: async () => {
      browser.asked += 1
      browser.permission = browser.answer
      return browser.answer
    },
  })
  if (push) vi.stubGlobal('PushManager', class {})
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  })
  const cache = {
    match: async () => (browser.settings === undefined ? undefined : new Response(browser.settings)),
    put: async (_: string, response: Response) => {
      browser.settings = await response.text()
    },
  }
  vi.stubGlobal('caches', { open: async () => cache })
}

const view = (id: number, device: string) => ({
  id,
  endpointHost: 'fcm.googleapis.com',
  device,
  categories: ['usage'],
  quietFrom: 20 * 60,
  quietUntil: 7 * 60,
  createdAt: '2026-11-30T08:00:00Z',
  lastSeenAt: '2026-11-30T08:00:00Z',
})
let listed = [view(2, 'Firefox on Windows')]
/** How the server answers a PATCH: as asked, refused, or not at all (a failed fetch). */
let patching: 'ok' | 'refused' | 'unanswered' = 'ok'

function server(): Sent[] {
  return serverAnswers(({ method, path, body }) => {
    if (method === 'PATCH') {
      if (patching === 'unanswered') throw new TypeError('Failed to fetch')
      if (patching === 'refused') return { status: 500, body: { error: 'Internal error' } }
      const changed = { ...listed.find((s) => `/api/push/subscriptions/${s.id}` === path)!, ...(body as object) }
      listed = listed.map((s) => (s.id === changed.id ? changed : s))
      return { status: 200, body: { subscription: changed } }
    }
    if (path === '/api/push/key') return { status: 200, body: { publicKey: key } }
    if (method === 'PUT' && path === '/api/push/subscription') {
      const stored = { ...view(9, 'Chrome on Android'), categories: (body as { categories: string[] }).categories }
      listed = [stored, ...listed.filter((s) => s.id !== 9)]
      return { status: 200, body: { subscription: stored } }
    }
    if (method === 'GET' && path === '/api/push/subscriptions') return { status: 200, body: { subscriptions: listed } }
    if (method === 'DELETE') {
      listed = listed.filter((s) => `/api/push/subscriptions/${s.id}` !== path)
      return { status: 204 }
    }
    return { status: 500 }
  })
}

beforeEach(() => {
  Object.assign(browser, { permission: 'default', answer: 'granted', asked: 0, held: null, settings: undefined, unsubscribed: 0 })
  listed = [view(2, 'Firefox on Windows')]
  patching = 'ok'
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
  Reflect.deleteProperty(navigator, 'userAgent')
})

const switchOf = (name: string) => screen.getByRole('switch', { name: new RegExp(`^${name}`) })

describe('the Notifications section of the profile', () => {
  it('shows the three categories off and asks nothing until a switch is tapped; a tap asks, subscribes and stores this device', async () => {
    withBrowser()
    const sent = server()
    const { user } = renderForm(<NotificationsSection offline={false} />)
    await screen.findByText('Firefox on Windows')
    await waitFor(() => expect(switchOf('Usage alerts').hasAttribute('disabled')).toBe(false))
    for (const name of ['Payments', 'SIM and plan changes', 'Usage alerts']) expect(switchOf(name).getAttribute('aria-checked')).toBe('false')
    expect(browser.asked).toBe(0)

    await user.click(switchOf('Usage alerts'))
    await waitFor(() => expect(switchOf('Usage alerts').getAttribute('aria-checked')).toBe('true'))
    expect(browser.asked).toBe(1)
    expect(sent.filter((s) => s.method === 'PUT').map((s) => s.body)).toEqual([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
        keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) },
        categories: ['usage'],
        language: 'en',
      },
    ])
    expect(await screen.findByText('Chrome on Android (this device)')).toBeTruthy()

    // A second category is added to the same subscription: no second prompt.
    await user.click(switchOf('Payments'))
    await waitFor(() => expect(switchOf('Payments').getAttribute('aria-checked')).toBe('true'))
    expect(browser.asked).toBe(1)
    expect(sent.filter((s) => s.method === 'PUT').at(-1)?.body).toMatchObject({ categories: ['usage', 'payments'] })
  })

  it('removes another device by its button, and removing this device also stops it here', async () => {
    withBrowser()
    browser.permission = 'granted'
    browser.held = subscription()
    browser.settings = JSON.stringify({
      language: 'en',
      fallback: { title: 't', body: 'b' },
      subscription: { categories: ['usage'], applicationServerKey: key, id: 9 },
    })
    listed = [view(9, 'Chrome on Android'), view(2, 'Firefox on Windows')]
    const sent = server()
    const { user } = renderForm(<NotificationsSection offline={false} />)
    await user.click(await screen.findByRole('button', { name: 'Remove Firefox on Windows' }))
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull())
    expect(browser.unsubscribed).toBe(0)
    await user.click(screen.getByRole('button', { name: 'Remove Chrome on Android (this device)' }))
    await screen.findByText('No device gets your notifications.')
    expect(browser.unsubscribed).toBe(1)
    expect(switchOf('Usage alerts').getAttribute('aria-checked')).toBe('false')
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual(['/api/push/subscriptions/2', '/api/push/subscriptions/9'])
  })

  it("offers quiet hours on this device's row only: a choice is stored at once, a failure says so and puts the choice back", async () => {
    withBrowser()
    browser.permission = 'granted'
    browser.held = subscription()
    browser.settings = JSON.stringify({
      language: 'en',
      fallback: { title: 't', body: 'b' },
      subscription: { categories: ['usage'], applicationServerKey: key, id: 9 },
    })
    listed = [view(9, 'Chrome on Android'), { ...view(2, 'Firefox on Windows'), quietFrom: 0, quietUntil: 0 }]
    const sent = server()
    const { user } = renderForm(<NotificationsSection offline={false} />)
    const quiet = (await screen.findByRole('combobox', { name: 'Quiet hours' })) as HTMLSelectElement
    expect(screen.getAllByRole('combobox', { name: 'Quiet hours' })).toHaveLength(1)
    expect(quiet.closest('li')?.textContent).toContain('Chrome on Android (this device)')
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('20:00–07:00')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Off', '20:00–07:00', '21:00–06:00', '22:00–06:00', '22:00–07:00', '23:00–07:00'])
    expect(quiet.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(quiet.getAttribute('aria-describedby')!)?.textContent).toMatch(/Failed payments.*still come at once/)

    await user.selectOptions(quiet, 'Off')
    await waitFor(() => expect(quiet.disabled).toBe(false))
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Off')
    expect(sent.filter((s) => s.method === 'PATCH')).toEqual([{ method: 'PATCH', path: '/api/push/subscriptions/9', body: { quietFrom: 0, quietUntil: 0 } }])

    patching = 'refused'
    await user.selectOptions(quiet, '22:00–06:00')
    expect(await screen.findByText('Quiet hours could not be changed. Try again later.')).toBeTruthy()
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Off')
    expect(quiet.getAttribute('aria-invalid')).toBe('true')

    patching = 'unanswered'
    await user.selectOptions(quiet, '23:00–07:00')
    expect(await screen.findByText('Quiet hours need a connection. Try again when you are back online.')).toBeTruthy()
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Off')
    expect(sent.filter((s) => s.method === 'PATCH').map((s) => s.body)).toEqual([
      { quietFrom: 0, quietUntil: 0 },
      { quietFrom: 22 * 60, quietUntil: 6 * 60 },
      { quietFrom: 23 * 60, quietUntil: 7 * 60 },
    ])
  })

  it('offers hours stored some other way as they are', async () => {
    withBrowser()
    browser.permission = 'granted'
    browser.held = subscription()
    browser.settings = JSON.stringify({
      language: 'en',
      fallback: { title: 't', body: 'b' },
      subscription: { categories: ['usage'], applicationServerKey: key, id: 9 },
    })
    listed = [{ ...view(9, 'Chrome on Android'), quietFrom: 19 * 60 + 30, quietUntil: 5 * 60 }]
    server()
    renderForm(<NotificationsSection offline={false} />)
    await screen.findByRole('combobox', { name: 'Quiet hours' })
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('19:30–05:00')
  })

  it('explains how to allow notifications again when they are blocked, with the switches off and disabled', async () => {
    withBrowser()
    browser.permission = 'denied'
    const sent = server()
    renderForm(<NotificationsSection offline={false} />)
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy()
    for (const name of ['Payments', 'SIM and plan changes', 'Usage alerts']) {
      expect(switchOf(name).getAttribute('aria-checked')).toBe('false')
      expect(switchOf(name).hasAttribute('disabled')).toBe(true)
    }
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([])
  })

  it('says when the permission prompt was closed, and stores nothing', async () => {
    withBrowser()
    browser.answer = 'default'
    const sent = server()
    const { user } = renderForm(<NotificationsSection offline={false} />)
    await waitFor(() => expect(switchOf('Payments').hasAttribute('disabled')).toBe(false))
    await user.click(switchOf('Payments'))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringMatching(/closed without an answer/))
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([])
  })

  it('shows the Home Screen hint in iOS Safari instead of a switch, and says so in a browser without push', async () => {
    withBrowser({ userAgent: iPhoneSafari, push: false })
    server()
    const first = renderForm(<NotificationsSection offline={false} />)
    expect(await screen.findByText(/add this app to your Home Screen first/)).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
    first.unmount()
    withBrowser({ push: false })
    renderForm(<NotificationsSection offline={false} />)
    expect(await screen.findByText('This browser cannot show notifications from the app.')).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
  })
})

describe('the offer after a payment or a bundle', () => {
  it('offers usage alerts after a bundle on a device not yet subscribed, and keeps its switches after the tap', async () => {
    withBrowser()
    server()
    const { user } = renderForm(<NotificationsOffer after="bundle" />)
    expect(await screen.findByText(/Turn on usage alerts for this device/)).toBeTruthy()
    await waitFor(() => expect(switchOf('Usage alerts').hasAttribute('disabled')).toBe(false))
    await user.click(switchOf('Usage alerts'))
    await waitFor(() => expect(switchOf('Usage alerts').getAttribute('aria-checked')).toBe('true'))
    expect(browser.asked).toBe(1)
  })

  it('is not shown on a device already subscribed, nor where notifications are blocked', async () => {
    withBrowser()
    server()
    browser.permission = 'granted'
    browser.settings = JSON.stringify({
      language: 'en',
      fallback: { title: 't', body: 'b' },
      subscription: { categories: ['usage'], applicationServerKey: key, id: 9 },
    })
    const first = renderForm(<NotificationsOffer after="payment" />)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Get notified')).toBeNull()
    first.unmount()
    browser.permission = 'denied'
    browser.settings = undefined
    renderForm(<NotificationsOffer after="payment" />)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Get notified')).toBeNull()
  })
})
