import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'

export interface RoundRobin {
  url: string
  /** The instances to send to, in turn; set once they listen. */
  targets: string[]
  /** Which target answered each request, in order. */
  readonly served: number[]
  close(): Promise<void>
}

/**
 * A load balancer in front of several instances: each request goes to the next one in turn, with its Host and
 * every other header as the browser sent them, so each instance sees the balancer's origin as its own.
 */
export async function roundRobin({ tls }: { tls?: { key: string; cert: string } } = {}): Promise<RoundRobin> {
  let next = 0
  const balancer: RoundRobin = { url: '', targets: [], served: [], close: async () => {} }
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const index = next++ % balancer.targets.length
    balancer.served.push(index)
    const target = new URL(balancer.targets[index] ?? '')
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()))
    req.pipe(upstream)
  }
  // With TLS it ends https in front of plain-http instances, as a balancer in front of a production PUBLIC_URL does.
  const server = tls ? createHttpsServer(tls, forward) : createServer(forward)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  balancer.url = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`
  balancer.close = () => new Promise<void>((done) => server.close(() => done()))
  return balancer
}
