import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SlowProvider {
  url: string
  /** Resolves when the first checkout request arrived (the storefront's call is then in flight). */
  received: Promise<void>
  close(): Promise<void>
}

/** A card provider (COPYandPAY's POST /v1/checkouts) that takes `delayMs` to create a checkout, as a slow real one may. */
export async function slowProvider(delayMs: number): Promise<SlowProvider> {
  let arrived!: () => void
  const received = new Promise<void>((done) => (arrived = done))
  let next = 0
  const server = createServer((req, res) => {
    req.resume()
    arrived()
    setTimeout(() => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ id: `slow-checkout-${++next}`, result: { code: '000.200.100', description: 'successfully created checkout' } }))
    }, delayMs)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
