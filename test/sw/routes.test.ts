import { describe, expect, it } from 'vitest'
import { catalogueImages, classify, otherPictureSizes } from '../../sw/routes.ts'

const origin = 'https://shop.example'
const get = (path: string, mode = 'cors', method = 'GET') => classify({ method, mode, url: new URL(path, origin), origin })

describe('the service worker routing rules', () => {
  it('answers navigations to app routes with the app shell', () => {
    for (const path of [
      '/',
      '/cart',
      '/orders/12',
      '/payment_status/abc',
      '/payment_status/8AC7A4A1.uat01-vm-tx04',
      '/payment_widget/8AC7A4A1.sandbox01',
      '/login?signed_in=google',
    ])
      expect(get(path, 'navigate'), path).toBe('app-shell')
  })

  it('never answers navigations to the API, images, translations, sandboxes or files with the shell', () => {
    for (const path of [
      '/api/auth/google/start',
      '/api/v2/bootstrap',
      '/images/products/a.svg',
      '/i18n/en.json',
      '/sandbox/identity/google/auth',
      '/sw.js',
      '/manifest.webmanifest',
      '/orders/a.json',
    ])
      expect(get(path, 'navigate'), path).toBe('network')
  })

  it('serves the catalogue network-first (its cached copy offline)', () => {
    expect(get('/api/v2/bootstrap')).toBe('catalogue')
  })

  it('serves translations stale-while-revalidate', () => {
    expect(get('/i18n/xh.json')).toBe('translations')
    expect(get('/i18n/../secret.json')).not.toBe('translations')
  })

  it('keeps translations from the configured I18N_HOST too, so a language seen once works offline', () => {
    const i18nOrigin = 'https://cdn.example.co.za'
    const fromHost = (path: string, mode = 'cors') => classify({ method: 'GET', mode, url: new URL(path, i18nOrigin), origin, i18nOrigin })
    expect(fromHost('/i18n/af.json')).toBe('translations')
    expect(fromHost('/i18n/af.json', 'navigate')).toBe('network')
    expect(fromHost('/api/v2/bootstrap')).toBe('network')
    expect(fromHost('/i18n/af.json/extra')).toBe('network')
    expect(classify({ method: 'GET', mode: 'cors', url: new URL('/i18n/af.json', 'https://elsewhere.example'), origin, i18nOrigin })).toBe('network')
  })

  it('keeps the legal pages of every language network-first, apart from the customer reads a sign-out drops', () => {
    for (const language of ['en', 'xh', 'af']) expect(get(`/api/legal/${language}`)).toBe('legal')
    expect(get('/api/legal/en', 'navigate')).toBe('network')
    expect(get('/api/legal/en/extra')).not.toBe('legal')
    expect(get('/legal/privacy', 'navigate')).toBe('app-shell')
  })

  it('serves product images cache-first', () => {
    expect(get('/images/products/5g-pro.svg', 'no-cors')).toBe('product-image')
    expect(get(`/images/catalogue/${'0a'.repeat(16)}-640.jpg`, 'no-cors')).toBe('product-image')
  })

  it('offers, offline, the other size of an uploaded picture, and nothing for any other image', () => {
    const hash = '0a'.repeat(16)
    expect(otherPictureSizes(`/images/catalogue/${hash}-640.jpg`)).toEqual([`/images/catalogue/${hash}-320.jpg`])
    expect(otherPictureSizes(`/images/catalogue/${hash}-320.jpg`)).toEqual([`/images/catalogue/${hash}-640.jpg`])
    expect(otherPictureSizes('/images/products/5g-pro.svg')).toEqual([])
    expect(otherPictureSizes(`/images/catalogue/${hash}-1024.jpg`)).toEqual([])
  })

  it("keeps each catalogue's pictures on this site, once each, whatever else the catalogue holds", () => {
    const hash = '0a'.repeat(16)
    const catalogue = {
      products: [
        { id: 1, image: '/images/products/5g-pro.svg' },
        { id: 2, image: `/images/catalogue/${hash}-320.jpg` },
        { id: 3, image: '/images/products/5g-pro.svg' },
        { id: 4, image: 'https://elsewhere.example/x.jpg' },
        { id: 5, image: '//elsewhere.example/x.jpg' },
        { id: 6 },
        null,
      ],
    }
    expect(catalogueImages(catalogue)).toEqual(['/images/products/5g-pro.svg', `/images/catalogue/${hash}-320.jpg`])
    expect(catalogueImages({ products: 'none' })).toEqual([])
    expect(catalogueImages(undefined)).toEqual([])
  })

  it('reads other API answers network-first with a cached fallback', () => {
    expect(get('/api/v2/partner/order/42')).toBe('customer-read')
    expect(get('/api/v8/partner/detailed_customer_profile/email/a%40b.co')).toBe('customer-read')
  })

  it('keeps services and bills in the per-customer cache, which a logout drops', () => {
    for (const path of ['/api/v8/partner/services/7', '/api/v8/partner/services/id/12', '/api/v4/partner/billing/info/3/7/'])
      expect(get(path), path).toBe('customer-read')
  })

  it('never caches sign-in and session calls', () => {
    expect(get('/api/auth/session')).toBe('network')
    expect(get('/api/auth/google/callback?code=x')).toBe('network')
  })

  it("never keeps the customer's data download, which holds all of their personal data", () => {
    expect(get('/api/account/data')).toBe('network')
  })

  it('never caches a payment status, so a stale pending answer is never shown', () => {
    expect(get('/api/v2/billing/partner/checkout/7/8AC7A4A1D2E3.sandbox01/payment')).toBe('network')
    expect(get('/sandbox/payments/v1/paymentWidgets.js?checkoutId=X1234567')).toBe('network')
  })

  it('leaves writes and other origins to the network', () => {
    expect(get('/api/v10/partner/order/1', 'cors', 'POST')).toBe('network')
    expect(classify({ method: 'GET', mode: 'cors', url: new URL('https://fonts.example/a.css'), origin })).toBe('network')
  })

  it('never answers, caches or falls back for the staff app or its API', () => {
    for (const path of ['/staff', '/staff/', '/staff/sign-in', '/staff/orders/1042', '/staff/invite/abc'])
      for (const mode of ['navigate', 'cors', 'same-origin']) expect(get(path, mode), `${mode} ${path}`).toBe('network')
    for (const path of ['/api/staff/me', '/api/staff/queues', '/api/staff/team', '/api/staff/audit?action=staff.role'])
      for (const method of ['GET', 'POST']) expect(get(path, 'cors', method), `${method} ${path}`).toBe('network')
    expect(get('/assets/staff/staff-AbC123.js', 'no-cors')).toBe('network')
    // Only the staff app's own paths: a storefront route that begins alike is still the shell's.
    expect(get('/staffing', 'navigate')).toBe('app-shell')
  })
})
