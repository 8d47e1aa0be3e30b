import postgres from 'postgres'
import { migrationLockKey } from '../../../server/db/migrate.ts'

/** Another process migrating the database at url: it holds the migration lock in its transaction until `release()`. */
export interface HeldMigrationLock {
  /** Ends the other process's transaction; resolves once it has ended and its connection is closed. */
  release(): Promise<void>
}

/** Takes the migration lock on a connection of its own and holds it; resolves once it is held. */
export async function holdMigrationLock(url: string): Promise<HeldMigrationLock> {
  const holder = postgres(url, { max: 1, onnotice: () => {} })
  let letGo = () => {}
  const held = new Promise<void>((done) => (letGo = done))
  let locked = () => {}
  const isLocked = new Promise<void>((done) => (locked = done))
  const transaction = holder.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${migrationLockKey})`
    locked()
    await held
  })
  await Promise.race([isLocked, transaction])
  let released: Promise<void> | undefined
  return {
    release: () => {
      released ??= (async () => {
        letGo()
        await transaction
        await holder.end()
      })()
      return released
    },
  }
}
