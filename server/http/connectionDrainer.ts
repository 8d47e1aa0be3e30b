import type { Server } from 'node:http'
import type { Socket } from 'node:net'

// A kept-alive connection whose last answer just went out is idle again; it is closed at the next sweep.
const sweepMs = 100

export interface Drainer {
  /**
   * Stops accepting connections and waits up to `drainMs` for the requests in flight to finish, closing each
   * connection as soon as it carries none; then cuts whatever is left. Resolves true when everything finished in time.
   */
  drain(drainMs: number): Promise<boolean>
}

/**
 * Node's own closeIdleConnections() closes kept-alive connections between requests, but leaves alone a connection
 * that was opened and has sent nothing yet (a browser's spare socket), for which the drain would wait until its time
 * ran out: those are closed here too, found by having read no byte. Nothing is counted per request.
 */
export function connectionDrainer(server: Server): Drainer {
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  const closeIdle = () => {
    server.closeIdleConnections()
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy()
  }

  return {
    async drain(drainMs) {
      const closed = new Promise<true>((done) => server.close(() => done(true)))
      closeIdle()
      const sweep = setInterval(closeIdle, sweepMs)
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<false>((done) => {
        timer = setTimeout(() => done(false), drainMs)
      })
      try {
        const finished = await Promise.race([closed, late])
        if (!finished) for (const socket of sockets) socket.destroy()
        return finished
      } finally {
        clearInterval(sweep)
        clearTimeout(timer)
      }
    },
  }
}
