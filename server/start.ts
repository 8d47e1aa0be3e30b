import { ensureBuild } from './build/ensureBuild.ts'
import { runProcess, serve } from './main.ts'

/**
 * `npm start`: the embedded demo, run from source with tsx; it builds the client first when its sources changed.
 * `npm run dev` (`--dev`) serves the client through Vite with hot reload instead. Production runs the compiled
 * server (`npm run build`, then `npm run serve`), which never builds anything.
 */
const dev = process.argv.includes('--dev')
runProcess((log) => serve(log, { dev, ...(dev ? {} : { prepare: () => ensureBuild((line) => log.info(line)) }) }))
