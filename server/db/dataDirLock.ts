import { readFileSync, rmSync, writeFileSync } from 'node:fs'

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM'
  }
}

/**
 * Claims dataDir for this process. Embedded PostgreSQL has no locking of its own, and two
 * processes writing one data directory corrupt it. Returns the function that releases the claim.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      return () => rmSync(lockFile, { force: true })
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(lockFile, 'utf8'))
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new Error(`The embedded database in ${dataDir} is in use by process ${owner}: stop it, or set DATABASE_URL`)
      }
      // Left behind by a process that crashed: take it over.
      rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`Could not lock ${dataDir}`)
}
