import { buildNow } from './ensureBuild.ts'

// `npm run build`: the client and the server's page renderer into dist/.
await buildNow()
