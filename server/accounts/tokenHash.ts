import { createHash } from 'node:crypto'

/** The sha256 of a secret the server hands out (a link's token, a session id, a browser's cookie): only this is stored. */
export const tokenHash = (token: string): Buffer => createHash('sha256').update(token).digest()
