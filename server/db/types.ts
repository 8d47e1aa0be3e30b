/** What every query site needs, whichever engine runs underneath (PGlite or PostgreSQL). */
export interface Queryable {
  /** One statement with $1-style parameters; rows come back with numeric columns as numbers. */
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  /** Runs fn in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}
