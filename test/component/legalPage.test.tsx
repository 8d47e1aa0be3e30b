import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LegalPages } from '../../src/domain/legalPages.ts'
import { LegalLinks } from '../../src/features/legal/LegalLinks.tsx'
import { LegalPageView } from '../../src/features/legal/LegalPageView.tsx'
import { i18n } from '../../src/i18n/i18n.ts'
import { serverAnswers } from './render.tsx'

const english: LegalPages = {
  language: 'en',
  pages: [
    {
      page: 'seller',
      title: 'Who we are',
      html: '<h1>Who we are</h1>\n<p>Registration number: <mark>{{fill in: the company’s registration number}}</mark></p>\n',
    },
    { page: 'privacy', title: 'Privacy notice', html: '<h1>Privacy notice</h1>\n<p>See our <a href="/legal/terms">terms of sale</a>.</p>\n' },
    { page: 'terms', title: 'Terms of sale', html: '<h1>Terms of sale</h1>\n<p>Seven days to change your mind.</p>\n' },
    { page: 'paia', title: 'PAIA manual', html: '<h1>PAIA manual</h1>\n' },
  ],
}

/** The legal pages under a router of their own, opened at `path`, with the footer's links beside them. */
function renderAt(path: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <main>
          <Outlet />
        </main>
        <footer>
          <LegalLinks />
        </footer>
      </>
    ),
  })
  const pages = (['seller', 'privacy', 'terms', 'paia'] as const).map((page) =>
    createRoute({ getParentRoute: () => root, path: `/legal/${page}`, component: () => <LegalPageView page={page} /> }),
  )
  const router = createRouter({ routeTree: root.addChildren(pages), history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

afterEach(() => vi.unstubAllGlobals())

describe('a legal page', () => {
  it("shows the server's page in the language on screen, with a placeholder left marked", async () => {
    const sent = serverAnswers(() => ({ status: 200, body: english }))
    renderAt('/legal/seller')
    expect(await screen.findByRole('heading', { level: 1, name: 'Who we are' })).toBeTruthy()
    expect(screen.getByText('{{fill in: the company’s registration number}}').tagName).toBe('MARK')
    expect(sent).toEqual([{ method: 'GET', path: '/api/legal/en', body: undefined }])
  })

  it("opens a link to another of the shop's pages in the app, and each footer link opens its page", async () => {
    serverAnswers(() => ({ status: 200, body: english }))
    const user = userEvent.setup({ delay: null })
    const router = renderAt('/legal/privacy')
    await user.click(await screen.findByRole('link', { name: 'terms of sale' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of sale' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/legal/terms')
    const footer = screen.getByRole('navigation', { name: 'Legal' })
    for (const [name, path] of [
      ['Who we are', '/legal/seller'],
      ['Privacy notice', '/legal/privacy'],
      ['PAIA manual', '/legal/paia'],
    ] as const) {
      await user.click(screen.getByRole('link', { name }))
      expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy()
      expect(router.state.location.pathname).toBe(path)
    }
    expect(footer.querySelectorAll('a')).toHaveLength(4)
  })

  it('says when it could not be read, and reads it again on "Try again"', async () => {
    let answer: { status: number; body?: unknown } = { status: 503, body: { error: 'Unavailable' } }
    serverAnswers(() => answer)
    const user = userEvent.setup({ delay: null })
    renderAt('/legal/terms')
    expect((await screen.findByRole('alert')).textContent).toBe('This page could not be loaded. Check your connection and try again.')
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of sale' })).toBeTruthy()
    answer = { status: 200, body: english }
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Seven days to change your mind.')).toBeTruthy()
  })
})
