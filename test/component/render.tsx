import type { ReactElement } from 'react'
import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { i18n } from '../../src/i18n/i18n.ts'
import { createServices, type Services } from '../../src/app/services.ts'
import { ServicesContext } from '../../src/lib/serviceContext.ts'

/**
 * Renders a form in the app's language (English), inside the app's services (those given replace the app's), and
 * gives a user who types and clicks as a customer would.
 */
export function renderForm(ui: ReactElement, given: Partial<Services> = {}) {
  const services = { ...createServices({ outboxKinds: async () => [] }), ...given }
  // No pause between keys: the forms react to each key, not to the time between them.
  const user = userEvent.setup({ delay: null })
  return {
    user,
    ...render(
      <I18nProvider i18n={i18n}>
        <ServicesContext value={services}>{ui}</ServicesContext>
      </I18nProvider>,
    ),
  }
}

/** The message tied to a field (its aria-describedby), or null when the field is valid. */
export function messageOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim()
}

/** A request the form sent: its method, path and JSON body. */
export interface Sent {
  method: string
  path: string
  body: unknown
}

/**
 * The server answers every call with `status` and `body` (or `answer(sent)`), and keeps what was sent. Anything
 * else the form reaches for fails the test (test/setup.ts).
 */
export function serverAnswers(answer: (sent: Sent) => { status: number; body?: unknown }): Sent[] {
  const sent: Sent[] = []
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://shop.test'), init)
    const text = await request.text()
    const call = { method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined }
    sent.push(call)
    const { status, body } = answer(call)
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  return sent
}
