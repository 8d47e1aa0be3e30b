import { readFileSync } from 'node:fs'
import { refuseOldNode, supportedNodeMajor } from './nodeVersion.ts'

// `npm start` and `npm run dev` import this first (server/start.ts), so on an older Node it refuses before the rest
// of the server is evaluated, as the compiled entries do (server/build/buildServer.ts). The same package.json engines.
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }
if (refuseOldNode(supportedNodeMajor(manifest.engines.node))) process.exit()
