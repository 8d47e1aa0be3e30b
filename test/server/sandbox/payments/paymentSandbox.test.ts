import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentSandboxPrefix, paymentSandboxRoutes } from '../../../../server/sandbox/payments/sandbox.ts'
import { openTestDb, startupTimeout } from '../../helpers/testDb.ts'
import type { TestDb } from '../../helpers/testDb.ts'
import { sandboxResults, sandboxTestCards } from '../../../../server/sandbox/payments/testCards.ts'

const entityId = 'sandbox-entity-test'
const accessToken = 'sandbox-token-test'
const bearer = { Authorization: `Bearer ${accessToken}` }
const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' }
const base = `http://localhost${paymentSandboxPrefix}`
const shopperResultUrl = 'https://shop.example/payment_status/ORDER'
const nextYear = String(new Date().getUTCFullYear() + 1)

let clock = 0
let app: Hono
let t: TestDb

beforeAll(async () => {
  t = await openTestDb()
}, startupTimeout)
afterAll(() => t.drop())

beforeEach(() => {
  clock = Date.now()
  app = new Hono().route(paymentSandboxPrefix, paymentSandboxRoutes({ db: t.db, entityId, accessToken, now: () => clock, pendingMs: 15_000 }))
})

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = bearer) =>
  app.request(`${base}${path}`, { method: 'POST', headers: { ...formHeaders, ...headers }, body: new URLSearchParams(fields).toString() })

const checkoutFields = (extra: Record<string, string> = {}) => ({
  entityId,
  amount: '299.00',
  currency: 'ZAR',
  paymentType: 'DB',
  merchantTransactionId: 'SO-000123',
  'customer.givenName': 'Thandi',
  'customer.surname': 'Nkosi',
  'customer.email': 'thandi@example.co.za',
  ...extra,
})

async function createCheckout(): Promise<string> {
  const res = await post('/v1/checkouts', checkoutFields())
  expect(res.status).toBe(200)
  return ((await res.json()) as { id: string }).id
}

const brandOf = (number: string) => (number.startsWith('5') ? 'MASTER' : number.startsWith('6') ? 'DISCOVER' : 'VISA')
const cardFields = (number: string, extra: Record<string, string> = {}) => ({
  'card.number': number,
  'card.holder': 'Thandi Nkosi',
  'card.expiryMonth': '05',
  'card.expiryYear': nextYear,
  'card.cvv': '123',
  paymentBrand: brandOf(number),
  shopperResultUrl,
  ...extra,
})

/** Pays the checkout as the widget does; answers the HTTP status and where the widget sends the browser. */
async function pay(id: string, number: string, extra: Record<string, string> = {}) {
  const res = await post(`/v1/checkouts/${id}/payment`, cardFields(number, extra), {})
  return {
    status: res.status,
    body: (await res.json()) as {
      redirect?: { url: string }
      result?: { code: string; description: string; parameterErrors?: { name: string; message: string }[] }
    },
  }
}

async function status(id: string, query = `entityId=${entityId}`, headers: Record<string, string> = bearer) {
  const res = await app.request(`${base}/v1/checkouts/${id}/payment?${query}`, { headers })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id: string; result: { code: string; description: string } } }
}

const resourcePath = (id: string) => encodeURIComponent(`/v1/checkouts/${id}/payment`)

describe('POST /v1/checkouts', () => {
  it('creates a checkout with an OPPWA-like id', async () => {
    const res = await post('/v1/checkouts', checkoutFields())
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const body = (await res.json()) as { id: string; ndc: string }
    expect(body).toEqual({
      result: { code: '000.200.100', description: 'successfully created checkout' },
      buildNumber: expect.any(String),
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+0000$/),
      ndc: body.id,
      id: expect.stringMatching(/^[0-9A-F]{32}\.sandbox01$/),
    })
    expect(body.id).toMatch(/^[A-Za-z0-9][A-Za-z0-9.-]{7,79}$/)
  })

  it('answers 401 for a missing or wrong bearer token and 403 for another entity', async () => {
    const invalid = { result: { code: '800.900.300', description: 'invalid authentication information' } }
    const missing = await post('/v1/checkouts', checkoutFields(), {})
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject(invalid)
    const wrong = await post('/v1/checkouts', checkoutFields(), { Authorization: 'Bearer nope' })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject(invalid)
    const other = await post('/v1/checkouts', checkoutFields({ entityId: 'someone-else' }))
    expect(other.status).toBe(403)
    expect(await other.json()).toMatchObject({
      result: { code: '800.900.301', description: 'user authorization failed, user has no sufficent rights to process transaction' },
    })
  })

  it('answers 400 naming each invalid or missing parameter', async () => {
    const res = await post(
      '/v1/checkouts',
      checkoutFields({ amount: '299', currency: 'USD', paymentType: 'PA', merchantTransactionId: '', 'customer.email': 'nope' }),
    )
    expect(res.status).toBe(400)
    const body = (await res.json()) as { result: { code: string; description: string; parameterErrors: { name: string; value: string; message: string }[] } }
    expect(body.result).toMatchObject({ code: '200.300.404', description: 'invalid or missing parameter' })
    expect(body.result.parameterErrors.map((e) => e.name)).toEqual(['amount', 'currency', 'paymentType', 'merchantTransactionId', 'customer.email'])
    expect(body.result.parameterErrors[0]).toEqual({ name: 'amount', value: '299', message: expect.any(String) })
    for (const amount of ['0.00', '-1.00', '1.5', 'abc']) {
      expect((await post('/v1/checkouts', checkoutFields({ amount }))).status).toBe(400)
    }
    // Names and email are optional, as the storefront may not know them.
    expect((await post('/v1/checkouts', checkoutFields({ 'customer.email': '', 'customer.surname': '' }))).status).toBe(200)
  })
})

describe('GET /v1/checkouts/{id}/payment', () => {
  it('reports an unpaid checkout as pending', async () => {
    const id = await createCheckout()
    const answer = await status(id)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ id, result: { code: '000.200.000', description: 'transaction pending' } })
  })

  it('checks the bearer token and the entity', async () => {
    const id = await createCheckout()
    expect((await status(id, `entityId=${entityId}`, {})).status).toBe(401)
    expect((await status(id, 'entityId=other')).status).toBe(403)
    expect((await status(id, '')).status).toBe(403)
  })

  it('answers 404 for an unknown checkout and one older than 30 minutes', async () => {
    const notFound = { result: { code: '200.300.404', description: 'No payment session found for the requested id' } }
    const unknown = await status('ABCDEF0123456789.sandbox01')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject(notFound)
    const id = await createCheckout()
    clock += 30 * 60 * 1000
    const expired = await status(id)
    expect(expired.status).toBe(404)
    expect(expired.body).toMatchObject(notFound)
    const late = await pay(id, '4200000000000000')
    expect(late.status).toBe(404)
    expect(late.body.result?.description).toBe('This payment session has expired. Please start again.')
  })

  it('answers the payment object for a paid checkout', async () => {
    const id = await createCheckout()
    const paid = await pay(id, '4200000000000000')
    expect(paid).toEqual({ status: 200, body: { redirect: { url: `${shopperResultUrl}?id=${id}&resourcePath=${resourcePath(id)}` } } })
    const answer = await status(id)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      paymentType: 'DB',
      paymentBrand: 'VISA',
      amount: '299.00',
      currency: 'ZAR',
      descriptor: expect.stringMatching(/^\d{4}\.\d{4}\.\d{4} Sandbox_Channel$/),
      merchantTransactionId: 'SO-000123',
      result: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
      resultDetails: {},
      card: { bin: '420000', last4Digits: '0000', holder: 'Thandi Nkosi', expiryMonth: '05', expiryYear: nextYear },
      customer: { givenName: 'Thandi', surname: 'Nkosi', email: 'thandi@example.co.za' },
      buildNumber: expect.any(String),
      timestamp: expect.any(String),
      ndc: id,
    })
    // Asking again answers the same payment.
    expect((await status(id)).body.id).toBe(answer.body.id)
  })

  const immediate = [
    ...sandboxTestCards.filter((card) => card.flow === 'result').map((card) => ({ number: card.number, result: card.result })),
    { number: '4111111111111111', result: sandboxResults.declined },
  ]
  it.each(immediate)('card $number ends with $result.code', async ({ number, result }) => {
    const id = await createCheckout()
    expect((await pay(id, number)).status).toBe(200)
    const answer = await status(id)
    expect(answer.body.result).toEqual(result)
    expect(answer.body.paymentBrand).toBe(brandOf(number))
    expect(answer.status).toBe(result.code.startsWith('000.') ? 200 : 400)
  })

  it('reports the exact provider results for the test cards', () => {
    expect(sandboxTestCards.map((c) => [c.number, c.brand, c.outcome, c.result.code, c.result.description])).toEqual([
      ['4200000000000000', 'VISA', 'success', '000.100.110', "Request successfully processed in 'Merchant in Integrator Test Mode'"],
      ['5454545454545454', 'MASTER', 'success', '000.000.000', 'Transaction succeeded'],
      ['6011111111111117', 'DISCOVER', 'success', '000.400.110', 'Authentication successful (frictionless flow)'],
      ['4000000000000002', 'VISA', '3-D Secure challenge', '000.000.000', 'Transaction succeeded'],
      ['4000000000000200', 'VISA', 'pending', '000.000.000', 'Transaction succeeded'],
      ['4000000000000051', 'VISA', 'rejected', '800.100.151', 'transaction declined (invalid card)'],
    ])
    expect(sandboxResults.declined).toEqual({ code: '800.100.152', description: 'transaction declined by authorization system' })
  })

  it('keeps the pending card pending until pendingMs have passed, then succeeded under the same payment id', async () => {
    const id = await createCheckout()
    await pay(id, '4000000000000200')
    const first = await status(id)
    expect(first.status).toBe(200)
    expect(first.body.result).toEqual({ code: '000.200.000', description: 'transaction pending' })
    clock += 14_999
    expect((await status(id)).body.result.code).toBe('000.200.000')
    clock += 1
    const settled = await status(id)
    expect(settled.status).toBe(200)
    expect(settled.body.result).toEqual({ code: '000.000.000', description: 'Transaction succeeded' })
    expect(settled.body.id).toBe(first.body.id)
  })
})

describe('3-D Secure challenge', () => {
  async function challenged() {
    const id = await createCheckout()
    const paid = await pay(id, '4000000000000002', { shopperResultUrl: `${shopperResultUrl}?lang=en` })
    expect(paid.body.redirect?.url).toBe(`${base}/v1/threeDSecure/${id}`)
    return id
  }

  it('shows the sandbox bank page, pending until answered, and approves', async () => {
    const id = await challenged()
    expect((await status(id)).body.result.code).toBe('000.200.000')
    const page = await app.request(`${base}/v1/threeDSecure/${id}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(page.headers.get('Cache-Control')).toBe('no-store')
    expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(page.headers.get('Content-Security-Policy')).toContain("form-action 'self' https://shop.example")
    const html = await page.text()
    expect(html).toContain('<h1>3-D Secure verification</h1>')
    expect(html).toContain('ZAR 299.00')
    expect(html).toContain('•••• 0002')
    expect(html).toMatch(/<button type="submit" name="decision" value="approve">Approve<\/button>/)
    expect(html).toMatch(/<button type="submit" name="decision" value="decline"[^>]*>Decline<\/button>/)

    const approved = await post(`/v1/threeDSecure/${id}`, { decision: 'approve' }, {})
    expect(approved.status).toBe(303)
    expect(approved.headers.get('Location')).toBe(`${shopperResultUrl}?lang=en&id=${id}&resourcePath=${resourcePath(id)}`)
    const answer = await status(id)
    expect(answer.status).toBe(200)
    expect(answer.body.result).toEqual({ code: '000.000.000', description: 'Transaction succeeded' })
    // A second answer changes nothing.
    expect((await post(`/v1/threeDSecure/${id}`, { decision: 'decline' }, {})).status).toBe(303)
    expect((await status(id)).body.result.code).toBe('000.000.000')
  })

  it('declines', async () => {
    const id = await challenged()
    expect((await post(`/v1/threeDSecure/${id}`, { decision: 'maybe' }, {})).status).toBe(400)
    const declined = await post(`/v1/threeDSecure/${id}`, { decision: 'decline' }, {})
    expect(declined.status).toBe(303)
    expect(declined.headers.get('Location')).toContain(`?lang=en&id=${id}&resourcePath=`)
    const answer = await status(id)
    expect(answer.status).toBe(400)
    expect(answer.body.result).toEqual({ code: '100.380.401', description: 'User Authentication Failed' })
  })

  it("speaks the browser language the widget sent, else the storefront's lang cookie, else Accept-Language", async () => {
    const id = await createCheckout()
    expect((await pay(id, '4000000000000002', { 'customer.browser.language': 'af' })).status).toBe(200)
    const afrikaans = await (await app.request(`${base}/v1/threeDSecure/${id}`, { headers: { Cookie: 'lang=xh' } })).text()
    expect(afrikaans).toContain('<html lang="af">')
    expect(afrikaans).toContain('<h1>3-D Secure-verifikasie</h1>')
    expect(afrikaans).toContain('<dt>Bedrag</dt><dd>ZAR 299.00</dd>')
    expect(afrikaans).toMatch(/value="approve">Keur goed<\/button>/)
    expect(afrikaans).toMatch(/value="decline"[^>]*>Weier<\/button>/)
    const noDecision = await post(`/v1/threeDSecure/${id}`, { decision: 'maybe' }, {})
    expect(noDecision.status).toBe(400)
    expect(await noDecision.text()).toContain('<h1>Kies Keur goed of Weier</h1>')

    const other = await challenged()
    const isiXhosa = await (
      await app.request(`${base}/v1/threeDSecure/${other}`, { headers: { Cookie: 'theme=dark; lang=xh', 'Accept-Language': 'af' } })
    ).text()
    expect(isiXhosa).toContain('<html lang="xh">')
    expect(isiXhosa).toContain('<h1>Uqinisekiso lwe-3-D Secure</h1>')
    expect(isiXhosa).toMatch(/value="approve">Vuma<\/button>/)
    const byHeader = await (await app.request(`${base}/v1/threeDSecure/${other}`, { headers: { 'Accept-Language': 'af-ZA,en;q=0.5' } })).text()
    expect(byHeader).toContain('<h1>3-D Secure-verifikasie</h1>')
    const expired = await app.request(`${base}/v1/threeDSecure/ABCDEF0123456789.sandbox01`, { headers: { Cookie: 'lang=xh' } })
    expect(expired.status).toBe(404)
    expect(await expired.text()).toContain('<h1>Uqinisekiso luphelelwe lixesha</h1>')
  })

  it('answers 404 for a checkout without a challenge', async () => {
    expect((await app.request(`${base}/v1/threeDSecure/ABCDEF0123456789.sandbox01`)).status).toBe(404)
  })
})

describe('POST /v1/checkouts/{id}/payment (the widget)', () => {
  it('refuses a checkout that was already used', async () => {
    const id = await createCheckout()
    await pay(id, '4000000000000051')
    const again = await pay(id, '4200000000000000')
    expect(again.status).toBe(400)
    expect(again.body.result?.description).toBe('This checkout was already used.')
    expect((await status(id)).body.result.code).toBe('800.100.151')
  })

  it('checks the card again on the server, naming the fields', async () => {
    const id = await createCheckout()
    const names = async (fields: Record<string, string>, number = '4200000000000000') => {
      const answer = await pay(id, number, fields)
      expect(answer.status).toBe(400)
      return answer.body.result?.parameterErrors?.map((e) => `${e.name}: ${e.message}`)
    }
    expect(await names({}, '4200000000000001')).toEqual(['card.number: Invalid card number'])
    expect(await names({ paymentBrand: 'VISA' }, '371449635398431')).toEqual(['paymentBrand: This card brand is not accepted'])
    expect(await names({ paymentBrand: 'MASTER' })).toEqual(['paymentBrand: This card brand is not accepted'])
    expect(await names({ 'card.expiryYear': String(new Date().getUTCFullYear() - 1) })).toEqual(['card.expiryMonth: Card expired'])
    expect(await names({ 'card.expiryMonth': '13' })).toEqual(['card.expiryMonth: Invalid expiry date'])
    expect(await names({ 'card.holder': ' T ' })).toEqual(['card.holder: Invalid card holder'])
    expect(await names({ 'card.cvv': '12' })).toEqual(['card.cvv: Invalid CVV'])
    expect(await names({ shopperResultUrl: 'javascript:alert(1)' })).toEqual(['shopperResultUrl: must be an absolute http(s) URL'])
    expect(await names({ shopperResultUrl: '/payment_status/1' })).toEqual(['shopperResultUrl: must be an absolute http(s) URL'])
    // None of those used the checkout up.
    expect((await pay(id, '2221000000000009', { paymentBrand: 'MASTER' })).status).toBe(200)
    expect((await status(id)).body).toMatchObject({ paymentBrand: 'MASTER', result: sandboxResults.declined })
  })

  it('lets a widget on another origin read the answer', async () => {
    const id = await createCheckout()
    const res = await post(`/v1/checkouts/${id}/payment`, cardFields('4200000000000000'), { Origin: 'https://shop.example' })
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })
})

describe('GET /v1/paymentWidgets.js', () => {
  it('serves the widget script for a checkout as JavaScript', async () => {
    const id = await createCheckout()
    const res = await app.request(`${base}/v1/paymentWidgets.js?checkoutId=${id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/javascript; charset=utf-8')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const js = await res.text()
    expect(js).toContain(`"checkoutId":"${id}"`)
    expect(js).toContain('form.paymentWidgets')
    expect(() => new Function(js)).not.toThrow()
  })

  it('tells the widget when the checkout is unknown or used, so it shows the expired message', async () => {
    const unknown = await (await app.request(`${base}/v1/paymentWidgets.js?checkoutId=%3C/script%3E`)).text()
    expect(unknown).toContain('"checkoutId":null')
    expect(unknown).not.toContain('</script>')
    const id = await createCheckout()
    await pay(id, '4200000000000000')
    expect(await (await app.request(`${base}/v1/paymentWidgets.js?checkoutId=${id}`)).text()).toContain('"checkoutId":null')
  })
})

describe('POST /v1/payments (Google Pay)', () => {
  const token = (message: Record<string, unknown>, signature = 'sandbox') =>
    JSON.stringify({ protocolVersion: 'ECv2', signature, signedMessage: JSON.stringify(message) })
  const sandboxMessage = (outcome: string) => ({
    sandbox: true,
    cardNetwork: 'VISA',
    last4: '1111',
    expiryMonth: '12',
    expiryYear: '2030',
    holder: 'Sandbox Tester',
    outcome,
  })
  const charge = (paymentToken: string, extra: Record<string, string> = {}) =>
    post('/v1/payments', {
      entityId,
      amount: '299.00',
      currency: 'ZAR',
      paymentType: 'DB',
      paymentBrand: 'GOOGLEPAY',
      merchantTransactionId: 'SO-000123',
      'googlePay.paymentToken': paymentToken,
      ...extra,
    })

  it('approves a sandbox approve token', async () => {
    const res = await charge(token(sandboxMessage('approve')))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      paymentType: 'DB',
      paymentBrand: 'GOOGLEPAY',
      amount: '299.00',
      currency: 'ZAR',
      merchantTransactionId: 'SO-000123',
      result: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
      card: { bin: '', last4Digits: '1111', holder: 'Sandbox Tester', expiryMonth: '12', expiryYear: '2030' },
    })
  })

  it('declines a sandbox decline token', async () => {
    const res = await charge(token(sandboxMessage('decline')))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ paymentBrand: 'GOOGLEPAY', result: { code: '800.100.151', description: 'transaction declined (invalid card)' } })
  })

  it("approves a token from Google's TEST environment with an unknown card", async () => {
    const real = token({ encryptedMessage: 'ZW5jcnlwdGVk', ephemeralPublicKey: 'a2V5', tag: 'dGFn' }, 'MEUCIQ...')
    const res = await charge(real)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({ paymentBrand: 'GOOGLEPAY', result: { code: '000.100.110' } })
    expect(body.card).toBeUndefined()
  })

  it('refuses a malformed token, naming the parameter, and checks credentials', async () => {
    for (const bad of [
      '',
      'not json',
      '{}',
      token({ ...sandboxMessage('approve'), last4: '11' }),
      token({ sandbox: true }),
      token({ no: 'message' }, 'MEUC'),
    ]) {
      const res = await charge(bad)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({
        result: { code: '200.300.404', description: 'invalid or missing parameter', parameterErrors: [{ name: 'googlePay.paymentToken', value: '' }] },
      })
    }
    expect((await charge(token(sandboxMessage('approve')), { paymentBrand: 'VISA' })).status).toBe(400)
    expect((await charge(token(sandboxMessage('approve')), { entityId: 'other' })).status).toBe(403)
    expect((await app.request(`${base}/v1/payments`, { method: 'POST', headers: formHeaders, body: '' })).status).toBe(401)
  })
})

describe('GET /v1/query (the transaction report by merchantTransactionId)', () => {
  const query = (merchantTransactionId: string, headers: Record<string, string> = bearer, entity = entityId) =>
    app.request(`${base}/v1/query?entityId=${entity}&merchantTransactionId=${encodeURIComponent(merchantTransactionId)}`, { headers })
  const walletToken = (outcome: string) =>
    JSON.stringify({
      protocolVersion: 'ECv2',
      signature: 'sandbox',
      signedMessage: JSON.stringify({ sandbox: true, cardNetwork: 'VISA', last4: '1111', expiryMonth: '12', expiryYear: '2030', outcome }),
    })

  it('finds the card and wallet payments made with a reference, each as it stands now, and nothing for another', async () => {
    const reference = `SO-Q${Date.now()}`
    const paid = ((await (await post('/v1/checkouts', checkoutFields({ merchantTransactionId: reference }))).json()) as { id: string }).id
    const challenged = ((await (await post('/v1/checkouts', checkoutFields({ merchantTransactionId: reference }))).json()) as { id: string }).id
    const unused = ((await (await post('/v1/checkouts', checkoutFields({ merchantTransactionId: reference }))).json()) as { id: string }).id
    await pay(paid, '4200000000000000')
    await pay(challenged, '4000000000000002')
    const charged = await post('/v1/payments', {
      entityId,
      amount: '299.00',
      currency: 'ZAR',
      paymentType: 'DB',
      paymentBrand: 'GOOGLEPAY',
      merchantTransactionId: reference,
      'googlePay.paymentToken': walletToken('decline'),
    })
    const walletId = ((await charged.json()) as { id: string }).id

    const res = await query(reference)
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      result: { code: string }
      payments: Array<{ id: string; ndc: string; paymentBrand: string; merchantTransactionId: string; result: { code: string } }>
    }
    expect(body.result).toEqual({ code: '000.000.100', description: 'successful request' })
    // The checkout nobody paid on is not a payment; the challenged one is pending until the bank page is answered.
    expect(body.payments.map((p) => [p.paymentBrand, p.result.code])).toEqual([
      ['VISA', '000.100.110'],
      ['VISA', '000.200.000'],
      ['GOOGLEPAY', '800.100.151'],
    ])
    // A card payment names its checkout in ndc, as the provider's reports do.
    expect(body.payments.slice(0, 2).map((p) => p.ndc)).toEqual([paid, challenged])
    expect(body.payments.map((p) => p.ndc)).not.toContain(unused)
    expect(body.payments[2]?.id).toBe(walletId)
    expect(body.payments.every((p) => p.merchantTransactionId === reference)).toBe(true)

    const none = await query('SO-NOTHING-HERE')
    expect(await none.json()).toMatchObject({ result: { code: '700.400.580', description: 'cannot find transaction' } })
  })

  it('checks the credentials and the reference', async () => {
    expect((await query('SO-000123', {})).status).toBe(401)
    expect((await query('SO-000123', bearer, 'other')).status).toBe(403)
    expect((await query('short')).status).toBe(400)
  })
})
