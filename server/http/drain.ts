import type { Server } from 'node:http'

// A kept-alive connection whose last answer just went out is idle again; it is closed at the next sweep.
const sweepMs = 100

/**
 * Stops accepting connections and waits up to `drainMs` for the requests in flight to finish, closing each
 * connection as it falls idle; then cuts whatever is left. Resolves true when everything finished in time.
 */
export async function drain(server: Server, drainMs: number): Promise<boolean> {
  const closed = new Promise<true>((done) => server.close(() => done(true)))
  const sweep = setInterval(() => server.closeIdleConnections(), sweepMs)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((done) => {
    timer = setTimeout(() => done(false), drainMs)
  })
  try {
    const finished = await Promise.race([closed, late])
    if (!finished) server.closeAllConnections()
    return finished
  } finally {
    clearInterval(sweep)
    clearTimeout(timer)
  }
}
