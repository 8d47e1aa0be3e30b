import { describe, expect, it } from 'vitest'
import { compiledI18n } from '../../../server/i18n/catalogues.ts'

describe('compiledI18n: the server’s own catalogues, mails and sandbox pages', () => {
  it('speaks each catalogue in the language asked, and only its own messages', async () => {
    expect((await compiledI18n('mail', 'xh'))._('mail.greeting', { name: 'Thandi' })).toBe('Molo Thandi,')
    expect((await compiledI18n('mail', 'en'))._('mail.greeting', { name: 'Thandi' })).toBe('Hello Thandi,')
    expect((await compiledI18n('sandbox', 'af'))._('widget.cvvHint')).toBe('3 syfers agter op die kaart')
    // Each kind is its own catalogue: a mail's id is unknown to the sandbox pages.
    expect((await compiledI18n('sandbox', 'xh'))._('mail.greeting', { name: 'Thandi' })).toBe('mail.greeting')
  })

  it('puts a string value in as it is typed, backslashes included', async () => {
    expect((await compiledI18n('mail', 'af'))._('mail.greeting', { name: 'A\\u0000' })).toBe('Hallo A\\u0000,')
  })
})
