import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// Resolved from this file, not the working directory, so the server starts from anywhere.
export const repoRoot = fileURLToPath(new URL('..', import.meta.url))
export const fromRoot = (...parts: string[]): string => join(repoRoot, ...parts)
