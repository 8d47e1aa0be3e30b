import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import react from '@vitejs/plugin-react'

/** Builds a bare React 19 page the same way as the app (Vite, production) into a temporary folder (its dist/ is the site): the yardstick of the first-visit budgets. */
export async function buildBareReact(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'bare-react-'))
  await writeFile(join(root, 'index.html'), '<div id="root"></div><script type="module" src="/main.jsx"></script>')
  await writeFile(join(root, 'main.jsx'), "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>)\n")
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    resolve: { alias: { react: join(process.cwd(), 'node_modules/react'), 'react-dom': join(process.cwd(), 'node_modules/react-dom') } },
    build: { outDir: join(root, 'dist'), target: 'es2022' },
  })
  return root
}
