import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

// How long, and how much, a closing connection goes on reading a refused body before it lets go.
const lingerMs = 5_000
const lingerBytes = 16 * 1024 * 1024

const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
// Node marks a request `complete` only after the answer's microtasks ran; an unread buffer of the declared length is in too.
const arrived = (req: IncomingMessage) => req.complete || (!req.readableDidRead && req.readableLength >= Number(req.headers['content-length']))

/**
 * Keeps the connection honest when the answer goes out before the request body was read (a 413 from a body
 * limit, a 401 from the Key check, ...). A body already received in full is thrown away and the connection stays
 * alive. A body still arriving gets `Connection: close`, and the rest of it is read and dropped for a while
 * before the socket closes, so the client reads the answer rather than a reset (RFC 9112 §9.6).
 */
export function settleUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  if (!hasBody(req)) return
  let closing = false
  const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse
  // Every answer passes here, implicit headers included (res.end() calls this.writeHead).
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.readableEnded && !arrived(req)) {
      closing = true
      this.setHeader('Connection', 'close')
      lingerBeforeClosing(req)
    }
    return writeHead.apply(this, args)
  } as ServerResponse['writeHead']
  // A closing connection discards in its lingering close instead.
  res.once('finish', () => {
    if (!closing && !req.readableEnded) discard(req)
  })
}

/** Node's own IncomingMessage._dump, which it skips once a reader started (and then paused) the body. */
function discard(req: IncomingMessage): void {
  req.removeAllListeners('data')
  req.resume()
}

/** Node closes a `Connection: close` socket as soon as the answer is written; this waits for the body first. */
function lingerBeforeClosing(req: IncomingMessage): void {
  const socket: Socket = req.socket
  let started = false
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (started) return
    started = true
    // The answer and our FIN go out now; the socket is released once the body is in, or at the limits.
    if (this.writable) this.end()
    const release = () => {
      clearTimeout(timer)
      if (this.writableFinished) this.destroy()
      else this.once('finish', () => this.destroy())
    }
    const timer = setTimeout(release, lingerMs)
    timer.unref()
    if (req.readableEnded || req.destroyed) return release()
    discard(req)
    let read = 0
    req.on('data', (chunk: Buffer) => {
      read += chunk.length
      if (read > lingerBytes) release()
    })
    req.once('end', release)
    req.once('error', release)
    req.once('close', release)
  }
}
