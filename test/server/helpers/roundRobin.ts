import { createServer, request } from 'node:http'
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
export async function roundRobin(): Promise<RoundRobin> {
  let next = 0
  const balancer: RoundRobin = { url: '', targets: [], served: [], close: async () => {} }
  const server = createServer((req, res) => {
    const index = next++ % balancer.targets.length
    balancer.served.push(index)
    const target = new URL(balancer.targets[index] ?? '')
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()))
    req.pipe(upstream)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  balancer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  balancer.close = () => new Promise<void>((done) => server.close(() => done()))
  return balancer
}
