import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorEntries } from '../../server/build/buildServer.ts'
import { oldNodeProblem, supportedNodeMajor } from '../../server/nodeVersion.ts'
import { fromRoot, repoRoot } from '../../server/paths.ts'
import { compiledProject, hostEnvironment, runCommand } from './helpers/compiledServer.ts'

const engines = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { engines: { node: string } }).engines.node
const needed = supportedNodeMajor(engines)
/** The newest Node the check refuses. */
const older = `${needed - 1}.11.0`

/** A preload that makes process.versions.node say `version`, as an older Node would: what the check reads. */
const pretend = (version: string) => `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'${version}'})`

/**
 * The first `node` on the PATH outside node_modules/.bin (where the pinned Node 24 of npm's scripts sits): the Node a
 * production install (`npm ci --omit=dev`, no pinned Node) runs on, such as Debian's /usr/bin/node.
 */
function hostNode(): string {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '' && !dir.includes('node_modules'))
  const found = dirs.map((dir) => join(dir, 'node')).find((path) => existsSync(path))
  if (!found) throw new Error(`no node on the PATH outside node_modules (${process.env.PATH})`)
  return found
}

const refusal = (version: string) => ({
  level: 60,
  node: version,
  needed,
  msg: expect.stringMatching(
    new RegExp(
      `^Node ${version.replaceAll('.', '\\.')} is older than the storefront supports: it needs Node ${needed} or newer .*Install Node ${needed} .*docs/operations\\.md`,
    ),
  ),
})

describe('the Node version the server needs', () => {
  it("is package.json's engines, one major version", () => {
    expect(engines).toMatch(/^>=\d+$/)
    expect(supportedNodeMajor('>=24')).toBe(24)
    expect(supportedNodeMajor('>= 24.0.0')).toBe(24)
    expect(() => supportedNodeMajor('^24')).toThrow(/is not ">=" one version/)
  })

  it('refuses an older Node, naming it, the one needed and where the docs say how to get it', () => {
    expect(oldNodeProblem('20.20.2', 24)).toMatch(
      /^Node 20\.20\.2 is older than the storefront supports: it needs Node 24 or newer \(package\.json engines\)\. Install Node 24 \(NodeSource, nvm, the official tarball or the node:24-slim image: docs\/operations\.md, "Node"\)/,
    )
    expect(oldNodeProblem('23.11.0', 24)).toMatch(/^Node 23\.11\.0 is older/)
    expect(oldNodeProblem('24.0.0', 24)).toBeUndefined()
    expect(oldNodeProblem('25.2.1', 24)).toBeUndefined()
  })
})

describe('the compiled entries on an older Node', () => {
  let project: Awaited<ReturnType<typeof compiledProject>>
  beforeAll(async () => {
    project = await compiledProject()
  }, 120_000)
  afterAll(() => project?.remove())

  it.each([...operatorEntries])('dist/server/%s.js refuses before loading the server: one fatal line, exit 1', (name) => {
    const run = spawnSync(process.execPath, ['--import', pretend(older), join('dist', 'server', `${name}.js`)], {
      cwd: project.root,
      env: { ...hostEnvironment(), NODE_ENV: 'production', DATABASE_URL: 'postgres://storefront@127.0.0.1:1/storefront' },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.status, run.stderr).toBe(1)
    const lines = run.stdout.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject(refusal(older))
    // Nothing else was loaded: no library's warning, no refusal of the settings, no connection tried.
    expect(run.stderr).toBe('')
  })

  it("refuses on the host's own Node when it is older, and serves on it when it is new enough", async () => {
    const node = hostNode()
    const version = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
    console.info(`the host's Node: ${node} ${version}`)
    const run = runCommand(project.root, `${node} dist/server/main.js`, { DATABASE_URL: 'memory:', SEED: 'false', HOST: '127.0.0.1', PORT: '0' })
    if (oldNodeProblem(version, needed)) {
      expect((await run.exited).code, run.stderr()).toBe(1)
      expect(run.entries()).toEqual([expect.objectContaining(refusal(version))])
    } else {
      await run.listening
      run.child.kill('SIGINT')
      expect((await run.exited).code).toBe(0)
    }
  })
})

describe('`npm start` on an older Node', () => {
  it('refuses before loading the server, as the compiled entries do', () => {
    const run = spawnSync(process.execPath, ['--import', pretend(older), '--import', 'tsx', 'server/start.ts'], {
      cwd: repoRoot,
      env: { ...hostEnvironment(), DATABASE_URL: 'memory:' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status, run.stderr).toBe(1)
    expect(
      run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([expect.objectContaining(refusal(older))])
  })
})
