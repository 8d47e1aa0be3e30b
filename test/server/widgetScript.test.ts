import { describe, expect, it } from 'vitest'
import { widgetScript } from '../../server/sandbox/payments/widgetScript.ts'
import { sandboxI18ns } from '../../server/sandbox/i18n.ts'
import { widgetTexts } from '../../server/sandbox/payments/widgetTexts.ts'

describe('the card widget script', () => {
  it('is one classic script, bundled from the TypeScript widget, that starts the widget with its checkout', async () => {
    const texts = Object.fromEntries(Object.entries(await sandboxI18ns()).map(([language, i18n]) => [language, widgetTexts(i18n)]))
    const script = await widgetScript({ checkoutId: 'checkout-1234', scriptPath: '/sandbox/payments/v1/paymentWidgets.js', texts })
    // A classic script: parsing it as a function body fails on any import or export.
    expect(() => new Function(script)).not.toThrow()
    expect(script).toContain('wpwl-form')
    expect(script).toContain('"checkoutId":"checkout-1234"')
    expect(script).toContain(texts.af!.cardNumber)
  }, 60_000)

  it('cannot be ended early by a config holding a closing script tag', async () => {
    const text = '</script><script>alert(1)</script>'
    const script = await widgetScript({ checkoutId: null, scriptPath: '/p', texts: {} })
    const hostile = await widgetScript({ checkoutId: text, scriptPath: '/p', texts: {} })
    expect(script).not.toContain('</script')
    expect(hostile).not.toContain('</script')
    expect(hostile).toContain('\\u003c/script>')
  }, 60_000)
})
