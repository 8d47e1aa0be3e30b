import { setupI18n, type Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { i18n as storefrontI18n } from '../../src/i18n/i18n.ts'
import { keepValuesLiteral } from '../../src/domain/literalValues.ts'

// Compiled messages, as the catalogues hold them.
const messages: Messages = { greeting: ['Hello ', ['name'], ','], arrow: ['Next \\u2192 ', ['name']] }

const instance = () => keepValuesLiteral(setupI18n({ locale: 'en', messages: { en: messages } }))

describe('a customer’s text in a translated message', () => {
  it('comes out exactly as typed, escape-like sequences and backslashes included', () => {
    const i18n = instance()
    for (const name of ['\\u0000', 'a\\u202eb', '\\x00', 'C:\\new', '\\\\x41', 'Thandi']) {
      expect(i18n._('greeting', { name })).toBe(`Hello ${name},`)
      expect(i18n.t({ id: 'greeting', values: { name } })).toBe(`Hello ${name},`)
    }
  })

  it('still lets the message itself use escapes', () => {
    expect(instance()._('arrow', { name: '\\u0041' })).toBe('Next \u2192 \\u0041')
  })

  it('would have been decoded without the guard (the behaviour guarded against)', () => {
    const bare = setupI18n({ locale: 'en', messages: { en: messages } })
    expect(bare._('greeting', { name: '\\u0041' })).toBe('Hello A,')
  })

  it('is guarded on the storefront’s own instance', () => {
    expect(storefrontI18n._({ id: 'no.such.id', message: 'Hello {name}', values: { name: '\\u202e' } })).toContain('\\u202e')
  })
})
