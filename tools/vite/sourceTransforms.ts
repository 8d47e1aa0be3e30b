import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import type { PluginOption } from 'vite'

/** Lingui's macros, compiled by Babel in the modules that import them only: Babel over every module cost the build half its time. */
const linguiMacros = defineRolldownBabelPreset({
  preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
})

/**
 * What turns the app's source into JavaScript wherever it runs: React's JSX, Lingui's macros and its .po imports.
 * The build (vite.config.ts) adds the plugins that make the bundle; the tests (vitest.config.ts) need only these.
 */
export function sourceTransforms(): PluginOption[] {
  return [react(), babel({ presets: [linguiMacros] }), lingui()]
}
