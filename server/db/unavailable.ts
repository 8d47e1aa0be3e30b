// Node's socket errors when the database's host refuses, drops or never answers a connection.
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
// The postgres driver's own connection errors (CONNECTION_ENDED: the pool is closing or being replaced).
const driverCodes = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT'])
// SQLSTATEs of a server going away or not yet back: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
const serverStates = new Set(['57P01', '57P02', '57P03', '53300'])

/**
 * Whether error says the database cannot be reached right now (restarting, failing over, unreachable), as opposed to
 * a fault in the request: the caller may try the same request again shortly. Looks through `cause` chains.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown }
  if (typeof code === 'string') {
    if (socketCodes.has(code) || driverCodes.has(code) || serverStates.has(code)) return true
    // Class 08: connection exceptions.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true
  }
  if (typeof message === 'string' && /terminating connection|the database system is (shutting down|starting up|in recovery mode)/.test(message)) return true
  return isDatabaseUnavailable(cause, depth + 1)
}
