import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/** The tag index.html names the listener with; the build puts the script's text in its place. */
export const FIRST_TAPS_TAG = '<script src="/first-taps.js"></script>'
const source = fileURLToPath(new URL('./first-taps.js', import.meta.url))

/**
 * Vite plugin: writes src/app/first-taps.js into index.html's head as an inline script, so it listens before the
 * body's cards paint. As a file it loaded async and, on a slow first visit, could arrive after the cards, when a
 * tap on them did nothing. The server allows exactly the inline scripts its HTML carries, by hash
 * (server/http/securityHeaders.ts).
 */
export function inlineFirstTaps(): Plugin {
  return {
    name: 'inline-first-taps',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(FIRST_TAPS_TAG)) throw new Error(`index.html has lost ${FIRST_TAPS_TAG}`)
        return html.replace(FIRST_TAPS_TAG, `<script>${scriptText(await readFile(source, 'utf8'))}</script>`)
      },
    },
  }
}

/** The script as inlined: its leading comment (the documentation) left in the source file. */
export function scriptText(file: string): string {
  return file.replace(/^(\/\/[^\n]*\n)+/, '').trim()
}
