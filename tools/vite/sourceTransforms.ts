import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import type { PluginOption } from 'vite'

/**
 * What turns the app's source into JavaScript wherever it runs: React's JSX, Lingui's macros and its .po imports.
 * The build (vite.config.ts) adds the plugins that make the bundle; the tests (vitest.config.ts) need only these.
 */
export function sourceTransforms(): PluginOption[] {
  return [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()]
}
