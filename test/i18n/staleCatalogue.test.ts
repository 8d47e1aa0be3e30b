import { afterEach, describe, expect, it, vi } from 'vitest'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { compiledCatalogue } from './compiledCatalogue.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.stubGlobal('fetch', (input: unknown) => {
    throw new Error(`Unhandled network request in a unit test: ${String(input)}`)
  })
})

describe("a language's catalogue older than the code", () => {
  it('shows the messages it lacks in English and the rest translated', async () => {
    const { messages } = JSON.parse(await compiledCatalogue('af')) as { messages: Record<string, unknown> }
    const cart = generateMessageId('Cart')
    const { [cart]: _lacking, ...older } = messages
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ messages: older }), { headers: { 'Content-Type': 'application/json' } }))
    vi.resetModules()
    const { i18n, loadCatalogue } = await import('../../src/i18n/i18n.ts')
    await loadCatalogue('af')
    i18n.activate('af')
    expect(i18n._(cart)).toBe('Cart')
    expect(i18n._(generateMessageId('Account'))).toBe('Rekening')
  })
})
