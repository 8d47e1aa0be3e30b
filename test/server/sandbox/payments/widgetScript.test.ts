import { describe, expect, it } from 'vitest'
import { widgetScript } from '../../../../server/sandbox/payments/widgetScript.ts'
import { widgetTextsByLanguage } from '../../../../server/sandbox/payments/widgetTexts.ts'

describe('the card widget script', () => {
  it('is one classic script, bundled from the TypeScript widget, that starts the widget with its checkout', async () => {
    const texts = await widgetTextsByLanguage()
    const script = await widgetScript({ checkoutId: 'checkout-1234', scriptPath: '/sandbox/payments/v1/paymentWidgets.js', texts })
    // A classic script: parsing it as a function body fails on any import or export.
    expect(() => new Function(script)).not.toThrow()
    expect(script).toContain('wpwl-form')
    expect(script).toContain('"checkoutId":"checkout-1234"')
    expect(script).toContain(texts.af.cardNumber)
  }, 60_000)

  it('cannot be ended early by a config holding a closing script tag', async () => {
    const texts = await widgetTextsByLanguage()
    const hostile = await widgetScript({ checkoutId: '</script><script>alert(1)</script>', scriptPath: '/p', texts })
    expect(hostile).not.toContain('</script')
    expect(hostile).toContain('\\u003c/script>')
  }, 60_000)
})
