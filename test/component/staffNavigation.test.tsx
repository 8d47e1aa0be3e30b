import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { STAFF_PERMISSIONS, STAFF_ROLES, type StaffRole } from '../../src/domain/staff.ts'
import { i18n } from '../../src/staff/i18n.ts'
import { createStaffRouter } from '../../src/staff/router.tsx'
import { staffScreens } from '../../src/staff/screens.tsx'
import { StaffSessionProvider } from '../../src/staff/session.tsx'

const counts: Record<string, number> = { toDispatch: 4, refundsDue: 2, openMessages: 7, failedMails: 1 }

// Each screen's code loaded before any render: a lazy screen still loading when React renders again (a busy machine)
// makes React warn about use(), which the test setup turns into a failure unrelated to the navigation.
beforeAll(() => Promise.all(staffScreens.map((s) => s.component.preload?.())), 60_000)

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname
      const body = path === '/api/staff/queues' ? { queues: counts } : path === '/api/staff/team' ? { members: [], invites: [] } : { entries: [], next: null }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

function renderAs(role: StaffRole, path = '/staff') {
  const router = createStaffRouter(createMemoryHistory({ initialEntries: [path] }))
  const member = { id: 1, email: `${role}@staff.example`, name: `A ${role}`, role }
  return render(
    <I18nProvider i18n={i18n}>
      <StaffSessionProvider initial={{ kind: 'signed-in', member, expired: false }}>
        <RouterProvider router={router} />
      </StaffSessionProvider>
    </I18nProvider>,
  )
}

describe("the staff app's navigation", () => {
  for (const role of STAFF_ROLES)
    it(`lists for ${role} exactly the screens the role may use, each queue with its count`, async () => {
      renderAs(role)
      const nav = await screen.findByRole('navigation', { name: 'Back office' })
      await screen.findByRole('heading', { level: 1, name: `Hello, A ${role}` })
      for (const entry of staffScreens.filter((s) => s.nav)) {
        const label = i18n._(entry.label)
        const allowed = (STAFF_PERMISSIONS[entry.permission] as readonly StaffRole[]).includes(role)
        const links = within(nav).queryAllByRole('link', { name: new RegExp(`^${label}\\b`) })
        expect(links, `${role}: ${label}`).toHaveLength(allowed ? 1 : 0)
        if (allowed && entry.queue) await vi.waitFor(() => expect(links[0]?.textContent).toContain(String(counts[entry.queue ?? ''])))
      }
    })

  it('gives an owner the team and the audit log, and a support member neither', async () => {
    const owner = renderAs('owner')
    const ownerNav = await screen.findByRole('navigation', { name: 'Back office' })
    expect(within(ownerNav).getByRole('link', { name: 'Team' }).getAttribute('href')).toBe('/staff/team')
    expect(within(ownerNav).getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/staff/audit')
    expect(within(ownerNav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page')
    owner.unmount()
    renderAs('support')
    const supportNav = await screen.findByRole('navigation', { name: 'Back office' })
    expect(within(supportNav).queryByRole('link', { name: 'Team' })).toBeNull()
    expect(within(supportNav).queryByRole('link', { name: 'Audit log' })).toBeNull()
  })

  it('tells a member who opens a screen beyond their role that it is not theirs, and shows none of it', async () => {
    renderAs('support', '/staff/team')
    expect((await screen.findByRole('alert')).textContent).toBe('Your role cannot use this screen.')
    expect(screen.queryByRole('heading', { name: 'Team' })).toBeNull()
  })
})
