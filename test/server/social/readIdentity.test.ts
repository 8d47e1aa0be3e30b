import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readIdentity } from '../../../server/social/readIdentity.ts'

/** A provider's userinfo endpoint answering `body` to any bearer token. */
function userinfoServer(body: unknown) {
  const server = createServer((req, res) => {
    res.writeHead(req.headers.authorization === 'Bearer token-1' ? 200 : 401, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body))
  })
  return {
    start: () => new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((done) => server.close(() => done())),
  }
}

/** The relying party of an OAuth-only provider (X) or an OpenID one, reading `userinfo`. */
function provider(origin: string, scope: string) {
  const config = new client.Configuration(
    { issuer: origin, authorization_endpoint: `${origin}/authorize`, token_endpoint: `${origin}/token`, userinfo_endpoint: `${origin}/userinfo` },
    'client-1',
    'secret-1',
  )
  client.allowInsecureRequests(config)
  return { config, scope, sandbox: false }
}

const tokens = (claims?: Record<string, unknown>) =>
  ({ access_token: 'token-1', token_type: 'bearer', claims: () => claims }) as unknown as Awaited<ReturnType<typeof client.authorizationCodeGrant>>

describe('reading the identity each provider really returns', () => {
  const x = userinfoServer({ data: { id: '1449801437183270912', name: 'Sipho Ndlovu', username: 'sipho_n' } })
  const facebook = userinfoServer({ sub: '10230000000000001', name: 'Anele Zulu' })
  let xOrigin: string
  let facebookOrigin: string
  beforeAll(async () => {
    xOrigin = await x.start()
    facebookOrigin = await facebook.start()
  })
  afterAll(async () => {
    await x.stop()
    await facebook.stop()
  })

  it("reads X's GET /2/users/me ({ data: { id, name, username } }, no email) as an identity without an email", async () => {
    expect(await readIdentity(provider(xOrigin, 'users.read tweet.read'), tokens())).toEqual({
      subject: '1449801437183270912',
      emailVerified: false,
      displayName: 'Sipho Ndlovu',
    })
  })

  it('reads a Facebook sign-in whose customer declined the email (or has none) as an identity without an email', async () => {
    const claims = { sub: '10230000000000001', name: 'Anele Zulu' }
    expect(await readIdentity(provider(facebookOrigin, 'openid email public_profile'), tokens(claims))).toEqual({
      subject: '10230000000000001',
      emailVerified: false,
      displayName: 'Anele Zulu',
    })
  })
})
