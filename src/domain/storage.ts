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
