import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { WidgetConfig } from './widget/config.ts'

/** The widget as bundled when the server was compiled (server/build/buildServer.ts); from source it is bundled here. */
declare const __SANDBOX_WIDGET__: string | undefined

/** What the bundle names the widget's start function; the served script wraps it, so it is never a page global. */
const startName = 'startSandboxWidget'

/** The widget's TypeScript (./widget/main.ts and what it imports) bundled into one classic script: no imports, ES2017. */
export async function bundleWidget(): Promise<string> {
  const { build } = await import('vite')
  const entry = join(dirname(fileURLToPath(import.meta.url)), 'widget', 'main.ts')
  const result = await build({
    configFile: false,
    envDir: false,
    publicDir: false,
    logLevel: 'warn',
    mode: 'production',
    build: { write: false, target: 'es2017', minify: true, lib: { entry, formats: ['iife'], name: startName } },
  })
  const outputs = Array.isArray(result) ? result : 'output' in result ? [result] : []
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk' && file.isEntry)
  if (chunk?.type !== 'chunk') throw new Error('The card widget did not bundle into a script')
  return chunk.code
}

let bundled: Promise<string> | undefined

/** The bundled widget: the compiled server's copy, else bundled once per process (a failure is tried again). */
export function widgetBundle(): Promise<string> {
  if (typeof __SANDBOX_WIDGET__ === 'string') return Promise.resolve(__SANDBOX_WIDGET__)
  if (!bundled) {
    bundled = bundleWidget()
    bundled.catch(() => (bundled = undefined))
  }
  return bundled
}

/** The script for one checkout; the config is JSON with `<` escaped, so nothing in it can end a script element. */
export async function widgetScript(config: WidgetConfig): Promise<string> {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return `(function () {\n${await widgetBundle()}\n${startName}(${json});\n})();\n`
}
