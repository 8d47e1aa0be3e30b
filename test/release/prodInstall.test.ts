import { execFileSync } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, lstatSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromRoot } from '../../server/paths.ts'
import { readPictureHeader } from '../../server/pictures/pictureHeader.ts'
import { testPicture } from '../server/helpers/pictures.ts'
import { compiledProject, fileStamps, freePort, hostEnvironment, runCommand } from '../server/helpers/compiledServer.ts'
import { safeProductionEnv } from '../server/helpers/productionEnv.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'

interface Instruction {
  keyword: string
  args: string
}

/** The instructions of the Dockerfile's last stage (the image that runs), continuation lines joined. */
function runStage(): Instruction[] {
  const text = readFileSync(fromRoot('Dockerfile'), 'utf8').replace(/\\\n/g, ' ')
  const instructions = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => ({ keyword: line.split(/\s/)[0]!.toUpperCase(), args: line.slice(line.search(/\s/) + 1).trim() }))
  const from = instructions.map((i) => i.keyword).lastIndexOf('FROM')
  return instructions.slice(from + 1)
}

/** ENV's NAME=value pairs (values without spaces or quotes, as the Dockerfile writes them). */
const envPairs = (args: string) => Object.fromEntries(args.split(/\s+/).map((pair) => [pair.split('=')[0]!, pair.slice(pair.indexOf('=') + 1)]))

/** The install's packages (folders with a package.json at a package's place) and the bytes its files take on disk, as du counts them. */
function installSize(modules: string): { packages: number; bytes: number } {
  let packages = 0
  let bytes = 0
  const visit = (dir: string, packageLevel: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      bytes += lstatSync(full).blocks * 512
      if (!entry.isDirectory()) continue
      const scope = packageLevel && entry.name.startsWith('@')
      if (packageLevel && !scope && entry.name !== '.bin' && existsSync(join(full, 'package.json'))) packages++
      visit(full, scope || entry.name === 'node_modules')
    }
  }
  visit(modules, true)
  return { packages, bytes }
}

/** The production install's budget on disk. */
const installBudget = 40 * 1000 * 1000

/**
 * The image's run stage, step by step in an empty folder standing for /app: the package files, `npm ci --omit=dev`
 * from the registry, the build's dist/, then its command and health check. Nothing of the repository's
 * node_modules is reachable from there, so a devDependency the compiled server needed would fail it.
 */
describe("the Dockerfile's run stage", () => {
  let build: Awaited<ReturnType<typeof compiledProject>>
  let app: Awaited<ReturnType<typeof compiledProject>>
  let database: TestDatabase | undefined
  beforeAll(async () => {
    build = await compiledProject()
    app = await compiledProject({ build: false, modules: false })
  }, 120_000)
  afterAll(async () => {
    build?.remove()
    app?.remove()
    await database?.drop()
  })

  /** Starts the image's command with the container's env plus runtime, checks what an operator and the health check see, stops it. */
  async function serves(env: Record<string, string>, command: string[], healthCheck: string, runtime: Record<string, string>): Promise<void> {
    const settings = { ...env, ...runtime, PORT: String(await freePort()), HOST: '127.0.0.1' }
    const before = fileStamps(join(app.root, 'dist'))
    const run = runCommand(app.root, command.join(' '), settings)
    try {
      const url = await run.listening
      expect((await fetch(`${url}/readyz`)).status).toBe(200)
      // The API's description is built at run time from the bundled schema libraries.
      const described = await fetch(`${url}/api/openapi.json`)
      expect(described.status).toBe(200)
      expect(((await described.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./)
      expect(execFileSync('sh', ['-c', healthCheck], { env: { ...hostEnvironment(), ...settings }, stdio: 'pipe' }).toString()).toBe('')
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited, run.stderr()).toEqual({ code: 0, signal: null })
    expect(run.entries().filter((e) => e.level >= 50)).toEqual([])
    expect(fileStamps(join(app.root, 'dist'))).toEqual(before)
  }

  it('installs only the dependencies, then its command serves and its health check passes', async () => {
    const env: Record<string, string> = {}
    let command: string[] = []
    let healthCheck = ''
    for (const { keyword, args } of runStage()) {
      if (keyword === 'WORKDIR') expect(args).toBe('/app')
      else if (keyword === 'ENV') Object.assign(env, envPairs(args))
      else if (keyword === 'COPY' && args === '--from=build /app/dist ./dist') cpSync(join(build.root, 'dist'), join(app.root, 'dist'), { recursive: true })
      else if (keyword === 'COPY' && args.endsWith(' ./')) for (const file of args.split(/\s+/).slice(0, -1)) copyFileSync(fromRoot(file), join(app.root, file))
      else if (keyword === 'RUN') execFileSync('sh', ['-c', args], { cwd: app.root, env: { ...hostEnvironment(), ...env }, stdio: 'pipe' })
      // The user and the published port belong to the container runtime.
      else if (keyword === 'USER' || keyword === 'EXPOSE') continue
      else if (keyword === 'HEALTHCHECK') healthCheck = args.slice(args.indexOf('CMD ') + 4)
      else if (keyword === 'CMD') command = JSON.parse(args) as string[]
      else throw new Error(`the test does not know how to run ${keyword} ${args}`)
    }
    expect(env.NODE_ENV).toBe('production')
    expect(command).toEqual(['node', 'dist/server/main.js'])
    expect(existsSync(join(app.root, 'node_modules', 'vite')), 'a devDependency was installed').toBe(false)
    const size = installSize(join(app.root, 'node_modules'))
    console.info(`npm ci --omit=dev: ${size.packages} packages, ${(size.bytes / 1e6).toFixed(1)} MB on disk (budget ${installBudget / 1e6} MB)`)
    expect(size.bytes).toBeLessThanOrEqual(installBudget)

    // What `docker run -e …` adds. First the same image started as the demo (NODE_ENV=development, in-memory PGlite,
    // the one package installed); then, given a real PostgreSQL (CI's second pass), production settings on it.
    await serves(env, command, healthCheck, { NODE_ENV: 'development', DATABASE_URL: 'memory:', SEED: 'false' })
    // The first owner's invitation is made on the same install (docs/back-office.md).
    const invite = runCommand(app.root, 'node dist/server/staffInvite.js --email owner@example.co.za --name Owner --role owner', {
      ...env,
      DATABASE_URL: 'memory:',
      PUBLIC_URL: 'https://shop.example.co.za',
    })
    expect((await invite.exited).code, invite.stderr()).toBe(0)
    expect(invite.lines).toContainEqual(expect.stringMatching(/^https:\/\/shop\.example\.co\.za\/staff\/invite\/[A-Za-z0-9_-]{43}$/))
    // The picture worker is an entry of its own (server/pictures/resizeWorker.ts): with jimp bundled, it draws a picture
    // on this install too, as the server starts it (the file beside the server's code, a photo's bytes in, JPEGs out).
    writeFileSync(join(app.root, 'photo.png'), await testPicture(800, 400, 'image/png'))
    writeFileSync(
      join(app.root, 'draw.mjs'),
      `import { readFileSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
const worker = new Worker(new URL('./dist/server/resizeWorker.js', import.meta.url), {
  workerData: { bytes: new Uint8Array(readFileSync('photo.png')), boxes: [{ width: 320, height: 240, fit: 'cover' }], type: 'image/jpeg' },
})
worker.once('message', (answer) => {
  console.log(JSON.stringify(answer.error ?? Buffer.from(answer.pictures[0]).toString('base64')))
  void worker.terminate()
})`,
    )
    const draw = runCommand(app.root, 'node draw.mjs', env)
    expect((await draw.exited).code, draw.stderr()).toBe(0)
    const drawn = new Uint8Array(Buffer.from(JSON.parse(draw.lines[0] ?? '""') as string, 'base64'))
    expect(readPictureHeader(drawn)).toEqual({ type: 'image/jpeg', width: 320, height: 240 })
    if (!process.env.DATABASE_URL) return
    database = await freshDatabase()
    // A server on PostgreSQL never loads the embedded engine: it starts without it.
    renameSync(join(app.root, 'node_modules'), join(app.root, 'node_modules.demo'))
    await serves(env, command, healthCheck, { ...safeProductionEnv, DATABASE_URL: database.url })
  }, 240_000)
})
