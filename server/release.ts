import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { fromRoot, repoRoot } from './paths.ts'

/** Which release of the storefront this process runs: package.json's version and the commit it was built from. */
export interface Release {
  version: string
  /** The full commit id, or 'unknown' when neither BUILD_COMMIT nor git could say (a source tree without .git). */
  commit: string
}

/** Written into the compiled server when it is built (server/build/buildServer.ts); undefined when run from source. */
declare const __RELEASE__: Release | undefined

const commitPattern = /^[0-9a-f]{7,64}$/

/**
 * The release of the source tree at root: `buildCommit` when given (BUILD_COMMIT at build time: an image build has no
 * .git, the Dockerfile passes it), else what git says HEAD is, else 'unknown'.
 */
export function releaseOf(root: string = repoRoot, buildCommit?: string): Release {
  const { version } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { version: string }
  const given = buildCommit?.trim().toLowerCase()
  if (given) {
    if (!commitPattern.test(given)) throw new Error(`BUILD_COMMIT must be a git commit id (7 to 64 hex digits), not "${buildCommit}"`)
    return { version, commit: given }
  }
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    return { version, commit: commitPattern.test(head) ? head : 'unknown' }
  } catch {
    return { version, commit: 'unknown' }
  }
}

/** This process's release: the compiled server's own, or the source tree's (read once). */
export const release: Release = typeof __RELEASE__ === 'object' ? __RELEASE__ : releaseOf(fromRoot())

/** The release as one short word for a log line or an answer: `0.1.0+1a2b3c4`. */
export const releaseName = ({ version, commit }: Release = release): string => (commit === 'unknown' ? version : `${version}+${commit.slice(0, 7)}`)

let instanceName = ''

/** Names this instance from INSTANCE_NAME (read by config.ts's nameThisInstance); '' gives back the default. */
export const nameInstance = (name: string): void => {
  instanceName = name
}

/**
 * This instance among those serving the same database: INSTANCE_NAME when set, else its host and process id. On every
 * log line, and recorded on the jobs an instance claims.
 */
export const thisInstance = (): string => instanceName || `${hostname()}:${process.pid}`
