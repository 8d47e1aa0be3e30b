import { Hono } from 'hono'
import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { acceptedLanguage, hintedLanguage, nodeRequestLanguages } from '../../../server/i18n/requestLanguage.ts'

const app = new Hono().get('/', (c) => c.json({ accepted: acceptedLanguage(c) ?? null, hinted: hintedLanguage(c) ?? null }))
const ask = async (headers: Record<string, string>) => (await app.request('/', { headers })).json()
const accepted = async (header: string) => (await ask({ 'Accept-Language': header })).accepted
const nodeRequest = (headers: IncomingMessage['headers']) => ({ headers }) as IncomingMessage

describe('the language a request asks for', () => {
  it('weighs Accept-Language by its q-values, not by the order of the list', async () => {
    expect(await accepted('xh;q=0.9, af;q=1')).toBe('af')
    expect(await accepted('de-DE, xh-ZA;q=0.5, af-ZA;q=0.8, en;q=0.1')).toBe('af')
    expect(await accepted('af-ZA, xh')).toBe('af')
  })

  it('reads a regional tag by its language, skips ones we do not speak and never takes a refused one', async () => {
    expect(await accepted('XH_za')).toBe('xh')
    expect(await accepted('fr-CA, zu-ZA;q=0.9, af;q=0.2')).toBe('af')
    expect(await accepted('af;q=0, en;q=0.3')).toBe('en')
    expect(await accepted('fr, de')).toBeNull()
    expect((await ask({})).accepted).toBeNull()
  })

  it('reads the lang cookie among others, and only when it names one of our languages', async () => {
    expect((await ask({ Cookie: 'signed_in=abc; lang=xh; theme=dark' })).hinted).toBe('xh')
    expect((await ask({ Cookie: 'lang=zu' })).hinted).toBeNull()
    expect((await ask({ Cookie: 'xlang=af' })).hinted).toBeNull()
  })

  it('reads the same from a plain Node request', () => {
    expect(nodeRequestLanguages(nodeRequest({ cookie: 'a=1; lang=af', 'accept-language': 'xh;q=0.9, af;q=1' }))).toEqual({ hinted: 'af', accepted: 'af' })
    expect(nodeRequestLanguages(nodeRequest({ 'accept-language': 'en;q=0.2, xh;q=0.7' }))).toEqual({ hinted: undefined, accepted: 'xh' })
    expect(nodeRequestLanguages(nodeRequest({}))).toEqual({ hinted: undefined, accepted: undefined })
  })
})
