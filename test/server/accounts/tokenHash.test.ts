import { firstCredentialVersion } from '../../../server/accounts/credentials.ts'
import { defined } from '../../../src/domain/defined.ts'
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createEmailLink } from '../../../server/accounts/emailLinks.ts'
import { createPasswordReset } from '../../../server/accounts/passwordResets.ts'
import { createSession } from '../../../server/accounts/sessions.ts'
import { tokenHash } from '../../../server/accounts/tokenHash.ts'
import { idParam, isOwn } from '../../../server/http/idParam.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'

describe('the one hash of a secret handed out', () => {
  const env = useAccountsApp()

  it('is the sha256 of the token, as raw bytes', () => {
    expect(tokenHash('abc')).toEqual(createHash('sha256').update('abc').digest())
    expect(tokenHash('abc')).toHaveLength(32)
  })

  it('is what a password reset, an email link and a session store in place of the secret', async () => {
    const { id } = await signUp(env.app)
    const reset = await createPasswordReset(env.t.db, id)
    const link = await createEmailLink(env.t.db, id, 'stop', 'someone@example.co.za', 1)
    const session = defined(await createSession(env.t.db, id, firstCredentialVersion), 'the session')
    const stored = async (sql: string, secret: string) => await env.t.db.query<{ h: Uint8Array }>(sql, [tokenHash(secret)])
    expect(await stored('select token_hash as h from password_resets where token_hash = $1', reset)).toHaveLength(1)
    expect(await stored('select token_hash as h from email_links where token_hash = $1', link)).toHaveLength(1)
    expect(await stored('select id_hash as h from sessions where id_hash = $1', session.id)).toHaveLength(1)
  })
})

describe('a path user id that names the signed-in customer', () => {
  it('is own only for the same id in 1 to 15 digits', () => {
    expect(isOwn('42', 42)).toBe(true)
    expect(isOwn(42, 42)).toBe(true)
    expect(isOwn('042', 42)).toBe(true)
    expect(isOwn('43', 42)).toBe(false)
    expect(isOwn('42.0', 42)).toBe(false)
    expect(isOwn('-42', 42)).toBe(false)
    expect(isOwn('4'.repeat(16), Number('4'.repeat(16)))).toBe(false)
    expect(isOwn('', 42)).toBe(false)
  })

  it('agrees with the id a path takes', () => {
    for (const param of ['1', '999999999999999', '0', '1000000000000000', 'x1']) expect(isOwn(param, 1)).toBe(idParam(param) === 1)
  })
})
