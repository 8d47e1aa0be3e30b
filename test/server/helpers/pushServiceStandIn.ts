import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedPush {
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}

export interface ScriptedAnswer {
  status: number
  headers?: Record<string, string>
  /** Answers only after this long (a push service that hangs). */
  delayMs?: number
}

/**
 * A local HTTP server standing in for a browser's push service: it keeps every request and answers each with the next
 * scripted answer (201 when none is left). No test reaches a real push service.
 */
export async function startPushServiceStandIn() {
  const received: ReceivedPush[] = []
  const script: ScriptedAnswer[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      const answer = script.shift() ?? { status: 201 }
      const reply = () => res.writeHead(answer.status, answer.headers ?? {}).end()
      if (answer.delayMs) setTimeout(reply, answer.delayMs)
      else reply()
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    /** The next answers, in order. */
    answer: (...answers: ScriptedAnswer[]) => script.push(...answers),
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}
export type PushServiceStandIn = Awaited<ReturnType<typeof startPushServiceStandIn>>
