import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeProvider {
  /** PAYMENT_BASE_URL for the storefront. */
  url: string
  /** The Google Pay charges the provider took, in order. */
  readonly charges: Array<{ id: string; merchantTransactionId: string; amount: string }>
  /** The refunds it took (POST /v1/payments/{id} with paymentType RF), in order: like a real provider, every one asked. */
  readonly refunds: Array<{ id: string; referencedId: string; merchantTransactionId: string; amount: string }>
  /** How many transaction reports (GET /v1/query) it answered. */
  queries: number
  /**
   * What happens to the next charge or refund: 'answer' (the default), 'die after charging' (the charge or refund is
   * taken, then the connection is cut before any answer, as a provider that crashes mid-request) or 'die before charging'.
   */
  next: 'answer' | 'die after charging' | 'die before charging'
  close(): Promise<void>
}

const success = { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" }

/**
 * A card provider speaking just enough of OPPWA for wallet payments: POST /v1/payments (Google Pay debits) and the
 * transaction report GET /v1/query?merchantTransactionId=…, over real HTTP, so a cut connection is a real one.
 */
export async function fakeProvider(): Promise<FakeProvider> {
  const state: FakeProvider = {
    url: '',
    charges: [],
    refunds: [],
    queries: 0,
    next: 'answer',
    close: async () => {},
  }
  const paymentOf = (charge: FakeProvider['charges'][number]) => ({
    id: charge.id,
    paymentType: 'DB',
    paymentBrand: 'GOOGLEPAY',
    amount: charge.amount,
    currency: 'ZAR',
    merchantTransactionId: charge.merchantTransactionId,
    result: success,
    card: { bin: '', last4Digits: '1111', holder: 'Sandbox Tester', expiryMonth: '12', expiryYear: '2030' },
  })
  const refundOf = (refund: FakeProvider['refunds'][number]) => ({
    id: refund.id,
    referencedId: refund.referencedId,
    paymentType: 'RF',
    amount: refund.amount,
    currency: 'ZAR',
    merchantTransactionId: refund.merchantTransactionId,
    result: success,
  })
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://provider')
      if (req.method === 'POST' && url.pathname === '/v1/payments') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
        const mode = state.next
        state.next = 'answer'
        if (mode === 'die before charging') return req.socket.destroy()
        const charge = { id: randomBytes(16).toString('hex'), merchantTransactionId: form.get('merchantTransactionId') ?? '', amount: form.get('amount') ?? '' }
        state.charges.push(charge)
        if (mode === 'die after charging') return req.socket.destroy()
        return json(res, 200, paymentOf(charge))
      }
      const refunded = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname)
      if (req.method === 'POST' && refunded) {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
        const mode = state.next
        state.next = 'answer'
        if (mode === 'die before charging') return req.socket.destroy()
        const referencedId = decodeURIComponent(refunded[1] ?? '')
        const charge = state.charges.find((c) => c.id === referencedId)
        const given = state.refunds.filter((r) => r.referencedId === referencedId).reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0)
        const amount = form.get('amount') ?? ''
        if (form.get('paymentType') !== 'RF' || !charge || Math.round(Number(amount) * 100) > Math.round(Number(charge.amount) * 100) - given)
          return json(res, 400, { result: { code: '700.400.200', description: 'cannot refund (refund volume exceeded or tx reversed or invalid workflow?)' } })
        const refund = { id: randomBytes(16).toString('hex'), referencedId, merchantTransactionId: form.get('merchantTransactionId') ?? '', amount }
        state.refunds.push(refund)
        if (mode === 'die after charging') return req.socket.destroy()
        return json(res, 200, refundOf(refund))
      }
      if (req.method === 'GET' && url.pathname === '/v1/query') {
        state.queries++
        const reference = url.searchParams.get('merchantTransactionId')
        const found = [
          ...state.charges.filter((c) => c.merchantTransactionId === reference).map(paymentOf),
          ...state.refunds.filter((r) => r.merchantTransactionId === reference).map(refundOf),
        ]
        if (found.length === 0) return json(res, 200, { result: { code: '700.400.580', description: 'cannot find transaction' } })
        return json(res, 200, { result: { code: '000.000.100', description: 'successful request' }, payments: found })
      }
      json(res, 404, { result: { code: '200.300.404', description: 'invalid or missing parameter' } })
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  state.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections()
      server.close(() => done())
    })
  return state
}
