import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { repoRoot } from '../../../server/paths.ts'

const migrateEntry = fileURLToPath(new URL('../../../server/db/migrateMain.ts', import.meta.url))

/** `npm run migrate` in a process of its own (as tsx runs it); its exit code and JSON log lines. */
export async function runMigrate(env: Record<string, string>): Promise<{ code: number | null; lines: Record<string, unknown>[]; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', migrateEntry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((done) => child.once('exit', done))
  const lines = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  return { code, lines, output }
}
