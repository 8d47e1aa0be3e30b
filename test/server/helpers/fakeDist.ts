import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** A stand-in for a Vite build: the files the server treats specially, in a temporary folder. */
export function makeFakeDist(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-dist-'))
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Storefront</title><div id="root"></div>',
    'staff/index.html': '<!doctype html><title>Seed back office</title><div id="staff-root"></div>',
    'assets/index-AbC123.js': `console.log(${JSON.stringify('x'.repeat(4000))})`,
    'assets/index-AbC123.css': 'body{margin:0}',
    'sw.js': 'self.addEventListener("fetch", () => {})',
    'manifest.webmanifest': '{"name":"Storefront"}',
    'i18n/en.json': '{"messages":{}}',
    '.build-stamp': 'secret',
  }
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), body)
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
