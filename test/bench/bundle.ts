import { mkdtemp, readFile, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Manifest } from 'vite'
import react from '@vitejs/plugin-react'
import { buildApp } from '../../server/build/buildApp.ts'

/** Gzip bytes of the JS of some manifest entries: each chunk plus everything it imports statically. */
async function initialJs(outDir: string, entries = ['index.html']): Promise<number> {
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(chunk.file)) return
    seen.add(chunk.file)
    for (const next of chunk.imports ?? []) visit(next)
  }
  for (const entry of entries) visit(entry)
  let total = 0
  for (const file of seen) total += gzipSync(await readFile(join(outDir, file))).length
  return total
}

/** Builds a bare React 19 page the same way, as the yardstick of the first-load budget. */
async function bareReactJs(): Promise<number> {
  const root = await mkdtemp(join(tmpdir(), 'bare-react-'))
  await writeFile(join(root, 'index.html'), '<div id="root"></div><script type="module" src="/main.jsx"></script>')
  await writeFile(
    join(root, 'main.jsx'),
    "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>)\n",
  )
  const outDir = join(root, 'dist')
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    resolve: { alias: { react: join(process.cwd(), 'node_modules/react'), 'react-dom': join(process.cwd(), 'node_modules/react-dom') } },
    build: { outDir, manifest: true, target: 'es2022' },
  })
  const size = await initialJs(outDir)
  await rm(root, { recursive: true, force: true })
  return size
}

// What the home page runs before its product cards show: its route component and the cart machine.
const HOME_CHUNKS = ['index.html', 'src/main.tsx', 'src/routes/index.tsx?tsr-split=component', 'src/features/cart/cartActor.ts']
// The app's own start: index.html's entry (src/boot.ts) imports src/main.tsx one frame after the first paint.
const APP_CHUNKS = ['index.html', 'src/main.tsx']

export async function benchBundle() {
  // The whole production build (the client and the server's page renderer), which the later benches serve.
  await buildApp(process.cwd())
  const app = await initialJs('dist/client', APP_CHUNKS)
  const home = await initialJs('dist/client', HOME_CHUNKS)
  const bare = await bareReactJs()
  return { appKb: app / 1024, homeKb: home / 1024, bareKb: bare / 1024, ratio: app / bare, budget: 2 }
}
