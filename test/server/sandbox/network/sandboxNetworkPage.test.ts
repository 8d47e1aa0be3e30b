import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { dataToUse, USE_DATA_BYTES } from '../../../../server/sandbox/network/page.ts'
import { sandboxNetworkPrefix } from '../../../../server/sandbox/network/sandbox.ts'
import { useAccountsApp } from '../../helpers/accounts.ts'
import { cartLine } from '../../helpers/orders.ts'
import { payByCard, placeOrder } from '../../helpers/portal.ts'
import { activation, sandboxWithInbox } from '../../helpers/sandboxNetwork.ts'

const PREPAID = 9

describe('the sandbox network’s page: the demo’s courier and fulfilment', () => {
  const env = useAccountsApp({ seeded: true, customer: true })

  /** A paid SIM of the storefront's on the sandbox network, by its service reference. */
  async function paidSim(): Promise<string> {
    const order = await placeOrder(env.app, env.me, [cartLine(PREPAID)])
    await payByCard(env.app, env.me, order)
    const [row] = await env.t.db.query<{ service_reference: string }>('select service_reference from services where order_id = $1', [order.id])
    return row!.service_reference
  }

  /** What the storefront's webhook would have made of the events (its own code is tested with it). */
  const storefrontSets = (reference: string, life: string) => env.t.db.query('update services set life = $2 where service_reference = $1', [reference, life])

  function mounted(answer?: () => number) {
    const net = sandboxWithInbox(env.t.db, answer)
    const app = new Hono().route(sandboxNetworkPrefix, net.app)
    const page = async () => {
      const res = await app.request(sandboxNetworkPrefix)
      expect(res.status).toBe(200)
      return res.text()
    }
    const act = (fields: Record<string, string | number>) =>
      app.request(sandboxNetworkPrefix, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
      })
    return { ...net, page, act }
  }

  /** The form of one action about one reference on the page (its own <form>…</form>). */
  const formFor = (html: string, action: string, reference: string) =>
    html.split('</form>').find((f) => f.includes(`name="action" value="${action}"`) && f.includes(`value="${reference}"`))

  it('is labelled as the sandbox network, served with a strict policy, and lists a paid SIM to dispatch with labelled fields', async () => {
    const net = mounted()
    const reference = await paidSim()
    const res = await net.app.request('http://localhost/')
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const html = await net.page()
    expect(html).toContain('<title>Sandbox network</title>')
    expect(html).toContain('<h1>Sandbox network</h1>')
    expect(html).toContain('<h2>Waiting on fulfilment</h2>')
    expect(html).toContain(`<h3 id="sim-${reference}">${reference}: `)
    const dispatch = formFor(html, 'dispatch', reference)!
    expect(dispatch).toMatch(/<label for="dispatch-[\w-]+-courier">Courier<\/label><input id="dispatch-[\w-]+-courier" name="courier"/)
    expect(dispatch).toMatch(/<label for="dispatch-[\w-]+-tracking">Tracking reference<\/label>/)
    expect(dispatch).toContain(`<button type="submit" aria-describedby="sim-${reference}">Dispatch</button>`)
  })

  it('escapes what it shows', async () => {
    const net = mounted()
    const reference = await paidSim()
    await env.t.db.query('update services set name = $2 where service_reference = $1', [reference, '<script>alert(1)</script>'])
    const html = await net.page()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('sends each courier’s step as its event: dispatched, RICA failed, dispatched again, RICA verified', async () => {
    const net = mounted()
    const reference = await paidSim()
    const dispatched = await net.act({ action: 'dispatch', reference, courier: 'Fastway', tracking_reference: 'FW123' })
    expect(dispatched.status).toBe(303)
    expect(dispatched.headers.get('Location')).toBe(sandboxNetworkPrefix)
    const [first] = net.received
    expect(first).toMatchObject({
      type: 'sim.dispatched',
      sim: { reference },
      data: { iccid: expect.stringMatching(/^8927\d{15,16}$/), courier: 'Fastway', tracking_reference: 'FW123', attempt: 1 },
    })
    // A double click: the same event again (the storefront keeps it once), and no second SIM from stock.
    await net.act({ action: 'dispatch', reference, courier: 'Fastway', tracking_reference: 'FW999' })
    expect(net.received[1]).toEqual({ ...first, occurred_at: expect.any(String) })
    expect(net.signatures.every((s) => s === 'ok')).toBe(true)

    await storefrontSets(reference, 'on_its_way')
    let html = await net.page()
    expect(formFor(html, 'rica_verified', reference)).toContain('Delivered: RICA verified')
    const failedForm = formFor(html, 'rica_failed', reference)!
    expect(failedForm).toMatch(/<label for="reason-[\w-]+">Reason<\/label><select id="reason-[\w-]+" name="reason">/)
    for (const reason of ['not_present', 'document_mismatch', 'proof_of_address', 'other']) expect(failedForm).toContain(`value="${reason}"`)
    expect(formFor(html, 'return', reference)).toContain('Return to us')

    expect((await net.act({ action: 'rica_failed', reference, attempt: 1, reason: 'nonsense' })).status).toBe(303)
    expect(net.received).toHaveLength(2)
    await net.act({ action: 'rica_failed', reference, attempt: 1, reason: 'document_mismatch' })
    expect(net.received[2]).toMatchObject({
      type: 'rica.failed',
      sim: { reference, iccid: first!.data.iccid },
      data: { attempt: 1, reason: 'document_mismatch' },
    })

    await storefrontSets(reference, 'rica_failed')
    html = await net.page()
    expect(formFor(html, 'dispatch_again', reference)).toContain('Dispatch again (attempt 2)')
    await net.act({ action: 'dispatch_again', reference, attempt: 1, courier: 'Fastway', tracking_reference: 'FW456' })
    await net.act({ action: 'dispatch_again', reference, attempt: 1, courier: 'Fastway', tracking_reference: 'FW789' })
    const again = net.received.filter((e) => e.type === 'sim.dispatched' && e.data.attempt === 2)
    expect(again).toHaveLength(2)
    expect(again[0]).toMatchObject({ data: { iccid: first!.data.iccid, tracking_reference: 'FW456' } })
    expect(again[1]!.id).toBe(again[0]!.id)

    await storefrontSets(reference, 'on_its_way')
    await net.act({ action: 'rica_verified', reference, attempt: 2 })
    expect(net.received.at(-1)).toMatchObject({ type: 'rica.verified', sim: { reference }, data: { attempt: 2 } })
  })

  it('sends sim.returned for a SIM that came back', async () => {
    const net = mounted()
    const reference = await paidSim()
    await net.act({ action: 'dispatch', reference, courier: 'Fastway', tracking_reference: 'FW1' })
    await storefrontSets(reference, 'on_its_way')
    await net.act({ action: 'return', reference })
    expect(net.received.at(-1)).toMatchObject({ type: 'sim.returned', sim: { reference }, data: {} })
  })

  it('lists the active SIMs with "Use 500 MB", which reports the usage', async () => {
    const net = mounted()
    const reference = await paidSim()
    await net.act({ action: 'dispatch', reference, courier: 'Fastway', tracking_reference: 'FW2' })
    const iccid = String(net.received[0]!.data.iccid)
    expect((await net.post('/v1/activations', activation(iccid, reference), randomUUID())).status).toBe(202)
    const [activated] = await net.eventsOf(1, (e) => e.type === 'sim.activated')
    await storefrontSets(reference, 'active')
    const html = await net.page()
    expect(html).toContain(`${activated!.data.msisdn} (${reference})</h3>`)
    expect(formFor(html, 'use_data', iccid)).toContain('Use 500 MB')
    expect(html).not.toContain(`${reference}: `)
    const reports = net.received.filter((e) => e.type === 'usage.reported').length
    await net.act({ action: 'use_data', iccid })
    expect(net.received.filter((e) => e.type === 'usage.reported')).toHaveLength(reports + 1)
  })

  it('says so on the page when the storefront refuses the event', async () => {
    const net = mounted(() => 404)
    const reference = await paidSim()
    const res = await net.act({ action: 'dispatch', reference, courier: 'Fastway', tracking_reference: 'FW3' })
    expect(res.status).toBe(502)
    expect(await res.text()).toMatch(/<p class="problem" role="alert">The storefront did not take the event: .*404/)
    expect(net.failures).toHaveLength(1)
  })
})

describe('the amount "Use data" spends', () => {
  it('takes a whole number of megabytes from 1 to 1 000 000, and 500 MB for anything else', () => {
    expect(dataToUse('1700')).toBe(1.7e9)
    expect(dataToUse('1')).toBe(1e6)
    expect(dataToUse('1000000')).toBe(1e12)
    for (const bad of ['', '0', '-5', '1.5', 'abc', '1000001', '1e3x']) expect(dataToUse(bad), bad).toBe(USE_DATA_BYTES)
  })
})
