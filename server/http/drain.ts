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
 * Counts the requests in flight on each connection from the start, because Node's own closeIdleConnections()
 * leaves alone a connection that was opened but has sent nothing yet (a browser's spare socket), and the drain
 * would wait for it until the drain time ran out.
 */
export function connectionDrainer(server: Server): Drainer {
  const inFlight = new Map<Socket, number>()
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0)
    socket.once('close', () => inFlight.delete(socket))
  })
  server.on('request', (req, res) => {
    const socket = req.socket
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1)
    res.once('close', () => {
      const n = inFlight.get(socket)
      if (n !== undefined) inFlight.set(socket, n - 1)
    })
  })
  const closeIdle = () => {
    for (const [socket, n] of inFlight) if (n <= 0) socket.destroy()
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
        if (!finished) for (const socket of inFlight.keys()) socket.destroy()
        return finished
      } finally {
        clearInterval(sweep)
        clearTimeout(timer)
      }
    },
  }
}
