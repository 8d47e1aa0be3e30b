import { readFileSync, rmSync, writeFileSync } from 'node:fs'

// Linux: when the process started (clock ticks since boot), so a pid the kernel has since given to
// another process, e.g. after a container restart, is not mistaken for the server that wrote the lock.
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}

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
      writeFileSync(lockFile, `${process.pid} ${startTime(process.pid) ?? ''}`.trim(), { flag: 'wx' })
      return () => rmSync(lockFile, { force: true })
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
      const [pid = '', started] = readFileSync(lockFile, 'utf8').trim().split(/\s+/)
      const owner = Number(pid)
      const now = owner > 0 ? startTime(owner) : undefined
      const sameProcess = started === undefined || now === undefined || now === started
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner) && sameProcess) {
        throw new Error(`The embedded database in ${dataDir} is in use by process ${owner}: stop it, or set DATABASE_URL`)
      }
      // Left behind by a process that crashed: take it over.
      rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`Could not lock ${dataDir}`)
}
