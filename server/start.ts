// First: on an older Node it refuses before anything else of the server is evaluated.
import './startNodeCheck.ts'
import { ensureBuild } from './build/ensureBuild.ts'
import { runProcess, serve } from './main.ts'
import { widgetBundle } from './sandbox/payments/widgetScript.ts'

/**
 * `npm start`: the embedded demo, run from source with tsx; it builds the client first when its sources changed.
 * `npm run dev` (`--dev`) serves the client through Vite with hot reload instead. Production runs the compiled
 * server (`npm run build`, then `npm run serve`), which never builds anything (the card widget is built into it).
 * From source the sandbox's card widget is bundled for browsers before the server listens, not at the first payment.
 */
const dev = process.argv.includes('--dev')
const prepare = async (log: (line: string) => void) => {
  if (!dev) await ensureBuild(log)
  await widgetBundle()
}
runProcess((log) => serve(log, { prepare: () => prepare((line) => log.info(line)), dev }))
