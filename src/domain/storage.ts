/** Where the device keeps its state: IndexedDB, or memory when the browser refuses storage. */
export type StorageMode = 'persistent' | 'memory'

/** Why the device fell back to memory; the UI turns each into a clear message. */
export type StorageFailureReason =
  /** No IndexedDB, or it refused to open (some private windows). */
  | 'unavailable'
  /** The browser's storage quota is full. */
  | 'quota'
  /** Any other failed write. */
  | 'write-failed'

const REASONS: readonly StorageFailureReason[] = ['unavailable', 'quota', 'write-failed']

/** Why a write failed, from the error it failed with (`{ reason }`, as src/store reports it); any other is 'write-failed'. */
export function storageFailureReason(error: unknown): StorageFailureReason {
  const reason = (error as { reason?: unknown } | null)?.reason
  return REASONS.find((r) => r === reason) ?? 'write-failed'
}

/** The device's database, by its IndexedDB name. */
export const DB_NAME = 'storefront'
