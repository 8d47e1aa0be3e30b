import { repoRoot } from '../paths.ts'
import { buildServer } from './buildServer.ts'
import { buildNow } from './ensureBuild.ts'

// `npm run build`: the client and its page renderer into dist/client/, the server compiled into dist/server/.
await buildNow()
await buildServer(repoRoot)
