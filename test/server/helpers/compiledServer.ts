import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { createInterface } from 'node:readline'
import { buildServer } from '../../../server/build/buildServer.ts'
import { fromRoot, repoRoot } from '../../../server/paths.ts'
import type { LogEntry } from './logCapture.ts'

/**
 * What `npm run serve` runs, from the project folder. `exec`: the shell npm runs it with becomes the server, so the
 * SIGTERM or SIGINT npm forwards to its child reaches the server (without it the shell died of it and left the server).
 */
export const serveCommand = 'NODE_ENV=production exec node dist/server/main.js'

/** A client build as far as the server looks at it: a page, and the Vite manifest that says whether the lab is in. */
export function writeFakeClient(dir: string, { lab }: { lab: boolean }): void {
  mkdirSync(join(dir, '.vite'), { recursive: true })
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Storefront</title><div id="root"></div>')
  const chunks: Record<string, object> = { 'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true } }
  if (lab) chunks['src/devtools/lab/LabScreen.tsx'] = { file: 'assets/LabScreen-2.js', src: 'src/devtools/lab/LabScreen.tsx', isDynamicEntry: true }
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(chunks))
}

/**
 * A project folder outside the repository as `npm run build` leaves it: package.json, the server compiled into
 * dist/server/ (with the files it reads), a stand-in client in dist/client/ (without `build`: an empty dist/).
 * With `modules`, node_modules links to the repository's; without, the caller installs its own.
 */
export async function compiledProject({ build = true, lab = false, modules = true } = {}): Promise<{ root: string; remove(): void }> {
  const root = mkdtempSync(join(tmpdir(), 'storefront-compiled-'))
  copyFileSync(fromRoot('package.json'), join(root, 'package.json'))
  copyFileSync(fromRoot('package-lock.json'), join(root, 'package-lock.json'))
  mkdirSync(join(root, 'dist'))
  if (build) {
    await buildServer(repoRoot, join(root, 'dist', 'server'))
    writeFakeClient(join(root, 'dist', 'client'), { lab })
  }
  if (modules) symlinkSync(fromRoot('node_modules'), join(root, 'node_modules'), 'dir')
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) }
}

export interface ServedProcess {
  child: ChildProcess
  /** Every line written to standard output so far. */
  lines: string[]
  /** The JSON log entries among them. */
  entries(): LogEntry[]
  /** Resolves with the exit code (or signal) whenever the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Resolves with the URL once it listens; rejects if it exits first. */
  listening: Promise<string>
  stderr(): string
}

/**
 * What a container or build step gets from the machine it runs on: the PATH and HOME, and how the machine reaches
 * the registry (a proxy, and the certificate authorities it trusts; Node 24 from the registry reads only its own
 * bundled list unless NODE_EXTRA_CA_CERTS names the machine's). Nothing else of the test runner's environment.
 */
export function hostEnvironment(): Record<string, string> {
  const passed = [
    'PATH',
    'HOME',
    'NODE_EXTRA_CA_CERTS',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'NO_PROXY',
    'http_proxy',
    'https_proxy',
    'no_proxy',
  ]
  return Object.fromEntries(passed.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])))
}

/**
 * Runs `command` (split on spaces, leading NAME=value pairs as environment, `exec` as the one process it already is)
 * in folder, as a shell would; with group, as the leader of a process group of its own.
 */
export function runCommand(folder: string, command: string, env: Record<string, string>, { group = false } = {}): ServedProcess {
  const words = command.split(' ')
  const assigned: Record<string, string> = {}
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift()!.split('=')
    assigned[name!] = value.join('=')
  }
  if (words[0] === 'exec') words.shift()
  const [program, ...args] = words
  const child = spawn(program === 'node' ? process.execPath : program!, args, {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
    // group: a process group of its own, which process.kill(-pid) signals as a whole (systemd, a terminal's Ctrl-C).
    detached: group,
    // Only what the test gives, as in a container: nothing of the test runner's own environment leaks in.
    env: { ...hostEnvironment(), ...env, ...assigned },
  })
  const lines: string[] = []
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8000)))
  const exited = (once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>).then(([code, signal]) => ({ code, signal }))
  const listening = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line)
      const url = /"url":"(http:[^"]+)"/.exec(line)?.[1]
      if (url) resolve(url.replace('localhost', '127.0.0.1'))
    })
    void exited.then(({ code, signal }) => reject(new Error(`exited (${signal ?? code}) before listening:\n${lines.join('\n')}\n${stderr}`)))
  })
  listening.catch(() => {})
  const entries = () => lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as LogEntry)
  return { child, lines, entries, exited, listening, stderr: () => stderr }
}

/** A port nothing listens on of 127.0.0.1 at this moment. */
export const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })

/** Every file under dir with its size and modification time, to show a run wrote nothing there. */
export function fileStamps(dir: string): Record<string, string> {
  const stamps: Record<string, string> = {}
  const visit = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name)
      if (entry.isDirectory()) visit(full)
      else stamps[relative(dir, full)] = `${statSync(full).size} ${statSync(full).mtimeMs}`
    }
  }
  visit(dir)
  return stamps
}
