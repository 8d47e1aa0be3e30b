import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fromRoot } from '../../server/paths.ts'
import { release, releaseName, releaseOf } from '../../server/release.ts'

describe('the release a process runs', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })
  const tree = () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-release-'))
    dirs.push(dir)
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: '3.2.1' }))
    return dir
  }

  it("is package.json's version and the commit git names HEAD, from source", () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: fromRoot(), encoding: 'utf8' }).trim()
    expect(release).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), commit: head })
    expect(releaseName(release)).toBe(`${release.version}+${head.slice(0, 7)}`)
  })

  it('takes BUILD_COMMIT where there is no .git (an image build), and refuses one that is no commit id', () => {
    const dir = tree()
    expect(releaseOf(dir, ' 0123456789ABCDEF0123456789abcdef01234567 ')).toEqual({
      version: '3.2.1',
      commit: '0123456789abcdef0123456789abcdef01234567',
    })
    expect(() => releaseOf(dir, 'main; rm -rf /')).toThrow('BUILD_COMMIT must be a git commit id (7 to 64 hex digits), not "main; rm -rf /"')
  })

  it("says 'unknown' for the commit of a tree git knows nothing of, and names the release by its version alone", () => {
    const dir = tree()
    const unknown = releaseOf(dir)
    expect(unknown).toEqual({ version: '3.2.1', commit: 'unknown' })
    expect(releaseName(unknown)).toBe('3.2.1')
  })
})
