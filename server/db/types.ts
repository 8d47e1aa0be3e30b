/** What every query site needs, whichever engine runs underneath (PGlite or PostgreSQL). */
export interface Queryable {
  /** One statement with $1-style parameters; rows come back with numeric columns as numbers. */
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

/** What a listener on a channel is told. */
export interface ChannelListener {
  /** A NOTIFY on the channel was committed (by any connection, this process's own included). */
  notified(): void
  /** LISTEN took effect: at first, and again each time the connection came back after a drop (what was sent meanwhile was not heard). */
  listening(): void
}

export interface Db extends Queryable {
  /** Runs fn in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** Listens on channel until the returned function is called (resolving once it stopped); call that before close(). */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>
}
