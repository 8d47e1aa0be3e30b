import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import { I18nProvider } from '@lingui/react'
import { Section } from '../../src/ui/Section.tsx'
import { FormError } from '../../src/ui/forms/FormError.tsx'
import { i18n } from '../../src/i18n/i18n.ts'
import { passwordMessages } from '../../src/domain/password.ts'
import { Card, Heading } from '../../src/ui/Page.tsx'
import { compiledCatalogue } from '../i18n/compiledCatalogue.ts'

describe('a section', () => {
  it('is a region named by its own heading, an h2 in a plain section unless told otherwise', () => {
    expect(renderToString(<Section id="topup-title" title="Topup" />)).toBe('<section aria-labelledby="topup-title"><h2 id="topup-title">Topup</h2></section>')
    expect(
      renderToString(
        <Section id="usage-title" heading="h3" title="Usage Stats">
          <p>3 GB</p>
        </Section>,
      ),
    ).toBe('<section aria-labelledby="usage-title"><h3 id="usage-title">Usage Stats</h3><p>3 GB</p></section>')
  })

  it('takes the frame and the heading of the page around it (a card titled like a page)', () => {
    const html = renderToString(<Section frame={Card} heading={Heading} id="billing-title" title="Billing" />)
    expect(html).toMatch(/^<section [^>]*aria-labelledby="billing-title"[^>]*><h1 [^>]*id="billing-title"[^>]*>Billing<\/h1><\/section>$/)
    expect(html).toMatch(/^<section [^>]*class="go\w+"/)
  })
})

describe('a form error', () => {
  const render = (message: string | null | undefined) =>
    renderToString(
      <I18nProvider i18n={i18n}>
        <FormError message={message} />
      </I18nProvider>,
    )

  it('shows nothing while the server has refused nothing', () => {
    expect(render(undefined)).toBe('')
    expect(render(null)).toBe('')
    expect(render('')).toBe('')
  })

  it("announces the server's refusal in the customer's language", async () => {
    expect(render(passwordMessages.unreachable)).toMatch(/^<p [^>]*role="alert"[^>]*>Could not reach the server. Check your connection and try again.<\/p>$/)
    const { messages } = JSON.parse(await compiledCatalogue('af')) as { messages: Record<string, string> }
    i18n.load('af', messages)
    i18n.activate('af')
    try {
      const html = render(passwordMessages.unreachable)
      expect(html).toContain('role="alert"')
      expect(html).not.toContain('Could not reach the server')
    } finally {
      i18n.activate('en')
    }
  })
})
