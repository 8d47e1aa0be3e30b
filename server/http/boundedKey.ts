import { createHash } from 'node:crypto'

// A long key (a forwarded-for header is the client's to write) is kept as its hash: btree rows cannot exceed ~2.7 KB.
export const boundedKey = (key: string): string => (key.length <= 256 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`)
