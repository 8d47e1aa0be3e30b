import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { confirmationRefused, confirmsDeletion, DeleteAccountSchema } from '../../src/domain/accountDeletionRequest.ts'

describe('confirming an account deletion', () => {
  it('takes the word of the language on screen, in any letter case, without surrounding spaces', () => {
    expect(confirmsDeletion('DELETE', 'en')).toBe(true)
    expect(confirmsDeletion(' delete ', 'en')).toBe(true)
    expect(confirmsDeletion('cima', 'xh')).toBe(true)
    expect(confirmsDeletion('Skrap', 'af')).toBe(true)
  })

  it("refuses another language's word, a part of it, or nothing", () => {
    expect(confirmsDeletion('SKRAP', 'en')).toBe(false)
    expect(confirmsDeletion('DELETE', 'af')).toBe(false)
    expect(confirmsDeletion('DEL', 'en')).toBe(false)
    expect(confirmsDeletion('', 'xh')).toBe(false)
  })

  it('lets the server accept any of the three words, with the password', () => {
    for (const confirmation of ['DELETE', 'cima', ' Skrap ']) expect(v.is(DeleteAccountSchema, { password: 'Secret#123', confirmation })).toBe(true)
  })

  it('refuses a body without the password or the word, with the messages to show', () => {
    const issues = (body: unknown) => v.safeParse(DeleteAccountSchema, body).issues?.map((i) => i.message)
    expect(issues({ confirmation: 'DELETE' })).toEqual(['Password is required.'])
    expect(issues({ password: 'Secret#123', confirmation: 'yes' })).toEqual([confirmationRefused])
    expect(issues({ password: 'Secret#123' })).toEqual([confirmationRefused])
  })
})
