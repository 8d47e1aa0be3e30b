import { afterEach, describe, expect, it, vi } from 'vitest'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { compiledCatalogue } from './compiledCatalogue.ts'

// A file of its own: Lingui's i18n object outlives vi.resetModules(), and this case needs the one a page starts with.
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a chunk that brings its own messages', () => {
  it("keeps the messages of a chunk that brought its own (the lab's) in that language, not the English fallback", async () => {
    const { messages } = JSON.parse(await compiledCatalogue('af')) as { messages: Record<string, unknown> }
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ messages }), { headers: { 'Content-Type': 'application/json' } }))
    vi.resetModules()
    const { i18n, loadCatalogue } = await import('../../src/i18n/i18n.ts')
    const lab = generateMessageId('Machine lab')
    // As the lab's chunk does when it loads: its messages in every language, merged into the app's.
    i18n.load({ en: { [lab]: 'Machine lab' }, af: { [lab]: 'Masjienlab' } })
    await loadCatalogue('af')
    i18n.activate('af')
    expect(i18n._(lab)).toBe('Masjienlab')
    expect(i18n._(generateMessageId('Account'))).toBe('Rekening')
  })
})
