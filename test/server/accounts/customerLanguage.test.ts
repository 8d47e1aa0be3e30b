import { describe, expect, it } from 'vitest'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { accountsApp, call, mailsTo, signUp, signupBody, uniqueEmail, useAccountsApp } from '../helpers/accounts.ts'
import { languageOf, whoAmI } from '../helpers/accountEdits.ts'

describe("each customer's language", () => {
  const env = useAccountsApp()
  let address = 0
  const from = () => `198.51.100.${++address}`
  const languageIn = async (id: number) => (await env.t.db.query<{ language: string }>('select language from customers where id = $1', [id]))[0]?.language

  it("is a column of the account: English by default, and nothing but the shop's three languages", async () => {
    const [column] = await env.t.db.query<{ data_type: string; is_nullable: string; column_default: string }>(
      "select data_type, is_nullable, column_default from information_schema.columns where table_name = 'customers' and column_name = 'language'",
    )
    expect(column).toEqual({ data_type: 'text', is_nullable: 'NO', column_default: "'en'::text" })
    const me = await signUp(env.app)
    await expect(env.t.db.query("update customers set language = 'zu' where id = $1", [me.id])).rejects.toThrow(/check/)
    expect(await languageIn(me.id)).toBe('en')
  })

  it('records at sign-up the language the app shows (its lang cookie, else Accept-Language), English with neither', async () => {
    expect(await languageIn((await signUp(env.app, {}, { language: 'af' })).id)).toBe('af')
    expect(await languageIn((await signUp(env.app)).id)).toBe('en')
    const body = signupBody()
    const init = call('POST', body)
    const res = await env.app.request('/api/v2/users', {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'Accept-Language': 'xh-ZA,en;q=0.5' },
    })
    expect(res.status).toBe(201)
    const { user } = (await res.json()) as { user: { id: number } }
    expect(await languageIn(user.id)).toBe('xh')
  })

  it('changes when the signed-in customer picks another, once per Idempotency-Key, and answers the customer', async () => {
    const me = await signUp(env.app)
    const { res, key } = await languageOf(env.app, me, 'xh')
    expect(res.status).toBe(200)
    expect(((await res.json()) as { user: { id: number } }).user.id).toBe(me.id)
    expect(await languageIn(me.id)).toBe('xh')
    // The same key again (the outbox's retry) is answered as before and changes nothing after a later pick.
    expect((await languageOf(env.app, me, 'af')).res.status).toBe(200)
    expect(await languageIn(me.id)).toBe('af')
    expect((await languageOf(env.app, me, 'xh', key)).res.status).toBe(200)
    expect(await languageIn(me.id)).toBe('af')
    expect((await whoAmI(env.app, me)).id).toBe(me.id)
  })

  it('is changed only by the signed-in customer themselves', async () => {
    const me = await signUp(env.app)
    const other = await signUp(env.app)
    const init = call('PUT', { language: 'af' })
    const anonymous = await env.app.request(`/api/v2/users/${me.id}/language`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'Idempotency-Key': crypto.randomUUID() },
    })
    expect(anonymous.status).toBe(401)
    const othersPick = await languageOf(env.app, { ...other, id: me.id }, 'af')
    expect(othersPick.res.status).toBe(403)
    expect(await othersPick.res.json()).toEqual({ error: serverMessages.othersAccount })
    expect(await languageIn(me.id)).toBe('en')
  })

  it('refuses a language the shop does not speak with a message saying which it speaks', async () => {
    const me = await signUp(env.app)
    for (const wrong of ['zu', 'EN', '', 7, null]) {
      const { res } = await languageOf(env.app, me, wrong)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({
        error: 'Choose English, isiXhosa or Afrikaans.',
        issues: [{ path: 'language', message: 'Choose English, isiXhosa or Afrikaans.' }],
      })
    }
    expect(await languageIn(me.id)).toBe('en')
  })

  it("mails a reset asked for while signed out, from a new device in English, in the account's language", async () => {
    const me = await signUp(env.app, {}, { language: 'af' })
    const init = call('POST', { email: me.email.toUpperCase() }, { cookie: 'lang=en', from: from() })
    const res = await env.app.request('/api/auth/password/forgot', {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'Accept-Language': 'en-ZA,en;q=0.9' },
    })
    expect(res.status).toBe(202)
    const [mail] = await mailsTo(env.t.db, me.email, 'passwordReset')
    expect(mail).toMatchObject({ language: 'af', subject: 'Stel jou Seed Storefront-wagwoord terug' })
  })

  it('mails in the language picked later while signed in, whatever language the asking device shows', async () => {
    const me = await signUp(env.app)
    expect((await languageOf(env.app, me, 'xh')).res.status).toBe(200)
    const res = await env.app.request('/api/auth/password/forgot', call('POST', { email: me.email }, { cookie: 'lang=af', from: from() }))
    expect(res.status).toBe(202)
    const [mail] = await mailsTo(env.t.db, me.email, 'passwordReset')
    expect(mail?.language).toBe('xh')
  })
})

describe('the sign-up mail names only the sign-in providers the shop offers', () => {
  const env = useAccountsApp()
  const confirmation = async (socialProviders: ('google' | 'facebook' | 'twitter')[] | undefined, language?: string) => {
    const app = accountsApp(env.t.db, socialProviders === undefined ? {} : { socialProviders })
    const me = await signUp(app, { email: uniqueEmail('providers') }, language ? { language } : {})
    const [mail] = await mailsTo(env.t.db, me.email, 'signupConfirm')
    return mail!
  }

  it('names none when none is offered, and tells the owner of the address how to take the account', async () => {
    for (const language of ['en', 'xh', 'af']) {
      const mail = await confirmation([], language)
      expect(mail.language).toBe(language)
      expect(`${mail.text}\n${mail.html}`).not.toMatch(/Google|Facebook|\bX\b/)
    }
    const mail = await confirmation([])
    expect(mail.text).toContain('The link works for 7 days.')
    expect(mail.text).toContain('If you did not sign up, someone used your email: ask for a new password with it to take the account, or ignore this email.')
  })

  it('names the offered ones, in the mail’s language, and no other', async () => {
    const two = await confirmation(['google', 'twitter'])
    expect(two.text).toContain('Until you confirm, signing in with Google or X with this email takes the account over.')
    expect(two.text).toContain('sign in with it through Google or X, or ignore this email.')
    expect(two.text).not.toContain('Facebook')
    const one = await confirmation(['facebook'], 'af')
    expect(one.text).toContain('Facebook')
    expect(one.text).not.toMatch(/Google|\bX\b/)
    const all = await confirmation(undefined, 'xh')
    expect(all.text).toContain('Google, Facebook okanye X')
    const afrikaans = await confirmation(['google', 'facebook', 'twitter'], 'af')
    expect(afrikaans.text).toContain('Google, Facebook of X')
  })
})
