import { sendNow } from '../outbox/outbox.ts'
import { commitWithOutbox } from '../outbox/table.ts'
import { commit } from '../store/commit.ts'
import type { FactStore, Online, OutboxPort, Toasts } from './ports.ts'
import { toast } from './toaster.ts'

// The app's adapters of src/lib/ports.ts: this device's store, its outbox, the page's toaster and connection.

export const deviceStore: FactStore = {
  commit: (fact) => commit(fact),
  commitWithOutbox: (facts, row) => commitWithOutbox(facts, row),
}

export const pageOutbox: OutboxPort = { sendNow }

export const pageToasts: Toasts = toast

export const pageOnline: Online = () => navigator.onLine
