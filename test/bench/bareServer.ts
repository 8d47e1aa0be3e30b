import { readFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

/** Child-process entry: the floor for catalogue reads, a bare Hono endpoint answering the bytes in the file argv[2]. */
const body = readFileSync(process.argv[2]!, 'utf8')
const app = new Hono().get('/api/v2/bootstrap', (c) => c.body(body, 200, { 'Content-Type': 'application/json' }))
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(JSON.stringify({ url: `http://127.0.0.1:${info.port}` })))
process.once('SIGTERM', () => process.exit(0))
