import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { compileCatalogue } from '../../server/i18n/catalogues.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const english = `${root}src/i18n/english.ts`
/** The app's modules whose messages are the storefront's (lingui.config.ts): the lab's and the staff app's travel in their own catalogues. */
const storefront = (id: string) =>
  (id.startsWith(`${root}src/`) || id.startsWith(`${root}machines/`)) &&
  !/^(src\/devtools\/lab\/|src\/routes\/lab\.tsx|src\/staff\/|src\/i18n\/english\.ts)/.test(id.slice(root.length))
/** A run of text between quotes: every message id the macros wrote into a module is one. */
const QUOTED = /(?<=["'`])[^"'`\s\\]+(?=["'`])/g
const PREFIX = 'virtual:english/'

/**
 * The build's storefront English, module by module: src/i18n/english.ts imports none, and each module of the app
 * that names a message id (what Lingui's macros leave in production code) imports a small module of its own that
 * adds those messages' English before the module runs. The messages so travel in the chunk of the code that shows
 * them: the first visit downloads its first screens' English, a lazy route its own. The server's renderer and the
 * tests keep the whole catalogue.
 */
export function englishByModule(): Plugin[] {
  let catalogue: Promise<Record<string, unknown>> | undefined
  const messages = () => (catalogue ??= compileCatalogue('storefront', 'en').then((json) => JSON.parse(json).messages))
  /** Each module's English (as the object literal its own small module passes), by a name made from the module's id. */
  const shown = new Map<string, string>()
  return [
    {
      // Before Vite's own resolver, which would find the catalogue's file.
      name: 'english-by-module:modules',
      apply: 'build',
      enforce: 'pre',
      buildStart() {
        catalogue = undefined
        shown.clear()
      },
      resolveId(source, importer) {
        if (source.startsWith(PREFIX)) return `\0${source}`
        if (importer === english && source.endsWith('/locales/en.po')) return `\0${PREFIX}none`
      },
      load(id) {
        if (!id.startsWith(`\0${PREFIX}`)) return
        const name = id.slice(PREFIX.length + 1)
        if (name === 'none') return 'export const messages = {}'
        return `import { addEnglish } from ${JSON.stringify(english)}\naddEnglish(${shown.get(name)})\n`
      },
    },
    {
      // After Lingui's macros, which leave each message's id in the code.
      name: 'english-by-module:ids',
      apply: 'build',
      enforce: 'post',
      transform: {
        filter: { id: /\/(src|machines)\// },
        async handler(code, id) {
          if (!storefront(id)) return
          const all = await messages()
          const ids = new Set((code.match(QUOTED) ?? []).filter((text) => Object.hasOwn(all, text)))
          if (ids.size === 0) return
          // Named by the module, not by the order the modules came in: the same source builds the same files.
          const name = createHash('sha256').update(id.slice(root.length)).digest('hex').slice(0, 16)
          shown.set(name, JSON.stringify(Object.fromEntries([...ids].sort().map((messageId) => [messageId, all[messageId]]))))
          // An import is evaluated before the module's own code wherever it stands; at the end it moves no mapping.
          return { code: `${code}\nimport ${JSON.stringify(`${PREFIX}${name}`)};\n`, map: null }
        },
      },
    },
  ]
}
