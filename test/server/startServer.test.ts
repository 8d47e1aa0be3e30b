import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './helpers/testServer.ts'
import * as v from 'valibot'
import { BootstrapSchema } from '../../src/domain/product.ts'
import { startServer } from '../../server/main.ts'
import { catalogue } from '../../server/seed/products.ts'
import { DEMO_CUSTOMER } from '../../server/seed/demoCustomer.ts'
import type { RunningServer } from '../../server/main.ts'
import { makeFakeDist } from './helpers/fakeDist.ts'
import { freshDatabase, startupTimeout } from './helpers/testDb.ts'
import type { TestDatabase } from './helpers/testDb.ts'

describe('the one-process server', () => {
  const dist = makeFakeDist()
  let database: TestDatabase
  let server: RunningServer
  beforeAll(async () => {
    database = await freshDatabase()
    server = await startTestServer({
      databaseUrl: database.url,
      seed: true,
      apiKey: 'e2e-key',
      distDir: dist.dir,
    })
  }, startupTimeout)
  afterAll(async () => {
    await server?.close()
    await database?.drop()
    dist.remove()
  })

  it('listens on a free port when asked for port 0 and reports its URL', () => {
    expect(server.port).toBeGreaterThan(0)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
  })

  it('serves the seeded catalogue over HTTP with the configured key', async () => {
    const res = await fetch(`${server.url}/api/v2/bootstrap`, { headers: { Key: 'e2e-key' } })
    expect(res.status).toBe(200)
    expect(v.parse(BootstrapSchema, await res.json()).products).toHaveLength(catalogue.length)
  })

  it('seeds the demo customer, who can sign in', async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { Key: 'e2e-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }),
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { user: { first_name: string } }).user.first_name).toBe('Lindiwe')
  })

  it('serves the client, its images and its routes from the same port', async () => {
    const page = await fetch(`${server.url}/cart`)
    expect(page.headers.get('content-type')).toContain('text/html')
    const image = await fetch(`${server.url}/images/products/5g-pro.svg`)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
  })

  it(
    'stops listening when closed',
    async () => {
      const other = await startServer({ port: 0, databaseUrl: 'memory:', seed: false, distDir: dist.dir, quiet: true, shutdownGraceMs: 0 })
      const res = await fetch(`${other.url}/api/v2/bootstrap`, { headers: { Key: 'storefront-sandbox-key' } })
      expect(await res.json()).toEqual({ products: [] })
      await other.close()
      await expect(fetch(`${other.url}/`)).rejects.toThrow()
    },
    startupTimeout,
  )
})
