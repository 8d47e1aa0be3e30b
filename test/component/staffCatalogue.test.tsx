import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { StaffCatalogue, StaffPackage } from '../../src/domain/staffCatalogue.ts'
import { i18n } from '../../src/staff/i18n.ts'
import { createStaffRouter } from '../../src/staff/router.tsx'
import { staffScreens } from '../../src/staff/screens.tsx'
import { StaffSessionProvider } from '../../src/staff/session.tsx'

beforeAll(() => Promise.all(staffScreens.map((s) => s.component.preload?.())), 60_000)
afterEach(() => {
  vi.unstubAllGlobals()
})

const fibre: StaffPackage = {
  id: 7,
  texts: { en: { name: 'Fibre 20', plan: 'Uncapped', speed: '20 Mbps down' }, xh: null, af: { name: 'Vesel 20', plan: 'Onbeperk', speed: '20 Mbps af' } },
  price: 299,
  billing: 'monthly',
  image: '/images/products/fibre.jpg',
  position: 3,
  on_sale: true,
  network_plan: null,
  retiredAt: null,
  ordered: true,
}
const catalogue: StaffCatalogue = {
  packages: [fibre],
  bundles: [
    {
      id: 'data-1gb',
      names: { en: '1 GB data', xh: 'Idatha ye-1 GB', af: null },
      billing: 'prepaid',
      kind: 'data',
      amount: 1e9,
      price: 99,
      validity_days: 30,
      position: 1,
      on_sale: true,
      retiredAt: null,
    },
  ],
}

interface Call {
  method: string
  path: string
  body: unknown
}

/** The staff API answers GET /catalogue with the catalogue, and each change with `change(call)`; every call is kept. */
function staffServer(change: (call: Call) => { status: number; body: unknown }): Call[] {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://localhost').pathname,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      }
      calls.push(call)
      const { status, body } = call.method === 'GET' ? { status: 200, body: call.path === '/api/staff/queues' ? { queues: {} } : catalogue } : change(call)
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    }),
  )
  return calls
}

function renderAt(path: string) {
  const router = createStaffRouter(createMemoryHistory({ initialEntries: [path] }))
  const member = { id: 1, email: 'cat@staff.example', name: 'Cara Catalogue', role: 'catalogue' as const }
  render(
    <I18nProvider i18n={i18n}>
      <StaffSessionProvider initial={{ kind: 'signed-in', member, expired: false }}>
        <RouterProvider router={router} />
      </StaffSessionProvider>
    </I18nProvider>,
  )
  return userEvent.setup({ delay: null })
}

const languageGroup = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) })

describe("the back office's catalogue", () => {
  it('lists packages and bundles with their state and flags each missing translation', async () => {
    staffServer(() => ({ status: 500, body: {} }))
    renderAt('/staff/catalogue')
    const packages = await screen.findByRole('region', { name: 'Packages' })
    const row = within(packages).getByRole('row', { name: /Fibre 20/ })
    expect(row.textContent).toContain('R299')
    expect(row.textContent).toContain('Monthly')
    expect(row.textContent).toContain('On sale')
    expect(row.textContent).toContain('isiXhosa missing')
    expect(row.textContent).not.toContain('Afrikaans missing')
    const bundles = screen.getByRole('region', { name: 'Bundles' })
    expect(within(bundles).getByRole('row', { name: /1 GB data/ }).textContent).toContain('Afrikaans missing')
  })

  it('shows a missing translation as missing, never the English, explains the billing, and sends the change whole', async () => {
    const calls = staffServer((call) => ({ status: 200, body: { package: { ...fibre, ...(call.body as object) } } }))
    const user = renderAt('/staff/catalogue/packages/7')
    await screen.findByRole('form', { name: 'Package' })
    const xh = languageGroup('isiXhosa')
    expect(xh.textContent).toContain('isiXhosa missing')
    for (const input of within(xh).getAllByRole('textbox')) expect((input as HTMLInputElement).value).toBe('')
    expect(within(languageGroup('Afrikaans')).queryByText('Afrikaans missing')).toBeNull()
    expect(screen.getByText(/^Monthly: a month-to-month line billed each month/)).toBeTruthy()
    // Orders name it: its billing stays.
    expect((screen.getByLabelText('Billing') as HTMLSelectElement).disabled).toBe(true)

    const price = screen.getByLabelText('Price in rand, VAT included')
    await user.clear(price)
    await user.type(price, '279,50')
    await user.type(within(xh).getByLabelText('Name'), 'I-Fibre 20')
    await user.type(within(xh).getByLabelText('Speed line'), 'Ikhawuleza')
    await user.click(screen.getByRole('button', { name: 'Save the package' }))
    await screen.findByText(/Fibre 20 is saved/)
    const sent = calls.filter((c) => c.method !== 'GET')
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/api/staff/catalogue/packages/7',
        body: {
          texts: { en: fibre.texts.en, xh: { name: 'I-Fibre 20', plan: '', speed: 'Ikhawuleza' }, af: fibre.texts.af },
          price: 279.5,
          billing: 'monthly',
          image: '/images/products/fibre.jpg',
          position: 3,
          on_sale: true,
          network_plan: null,
        },
      },
    ])
  })

  it('checks the form in the member’s language before sending, and keeps everything typed when the server refuses', async () => {
    const calls = staffServer(() => ({ status: 409, body: { error: 'Orders or SIMs already name this package…', code: 'billing_in_use' } }))
    const user = renderAt('/staff/catalogue/packages/7')
    await screen.findByRole('form', { name: 'Package' })
    const name = within(languageGroup('English')).getByLabelText('Name')
    await user.clear(name)
    const price = screen.getByLabelText('Price in rand, VAT included')
    await user.clear(price)
    await user.type(price, '12.345')
    await user.click(screen.getByRole('button', { name: 'Save the package' }))
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText("Write the package's English name.")).toBeTruthy()
    expect(screen.getByText('Write the price in rand, such as 299 or 299.50.')).toBeTruthy()
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([])

    await user.type(name, 'Fibre 25')
    await user.clear(price)
    await user.type(price, '319')
    await user.click(screen.getByRole('button', { name: 'Save the package' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Orders or SIMs already name this package, so its billing stays as it is. Add a new package for the other billing.',
    )
    expect((name as HTMLInputElement).value).toBe('Fibre 25')
    expect((price as HTMLInputElement).value).toBe('319')
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(1)
  })

  it('retires a package only once the member confirms', async () => {
    const calls = staffServer(() => ({ status: 200, body: { package: { ...fibre, on_sale: false, retiredAt: '2026-11-30T01:00:00.000Z' } } }))
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    const user = renderAt('/staff/catalogue/packages/7')
    await screen.findByRole('form', { name: 'Package' })
    await user.click(screen.getByRole('button', { name: 'Retire the package' }))
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([])
    confirm.mockReturnValue(true)
    await user.click(screen.getByRole('button', { name: 'Retire the package' }))
    await screen.findByText('Fibre 20 is retired.')
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([{ method: 'POST', path: '/api/staff/catalogue/packages/7/retire', body: {} }])
    expect(screen.getByText(/This package is retired/)).toBeTruthy()
  })

  it('adds a bundle under the id the member gives, its data typed in MB and sent in bytes, a missing translation sent as missing', async () => {
    const calls = staffServer((call) => ({ status: 201, body: { bundle: { ...(call.body as object), retiredAt: null } } }))
    const user = renderAt('/staff/catalogue/bundles/new')
    await screen.findByRole('form', { name: 'Bundle' })
    await user.type(screen.getByLabelText('Id'), 'data-2gb')
    await user.type(within(languageGroup('English')).getByLabelText('Name'), '2 GB data')
    await user.type(within(languageGroup('Afrikaans')).getByLabelText('Name'), '2 GB-data')
    expect(languageGroup('isiXhosa').textContent).toContain('isiXhosa missing')
    await user.type(screen.getByLabelText('Data in MB (1 GB is 1000 MB)'), '2000')
    await user.type(screen.getByLabelText('Price in rand, VAT included'), '129')
    await user.click(screen.getByRole('button', { name: 'Add the bundle' }))
    await screen.findByText('2 GB data is added to the catalogue.')
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      {
        method: 'POST',
        path: '/api/staff/catalogue/bundles',
        body: {
          id: 'data-2gb',
          names: { en: '2 GB data', xh: null, af: '2 GB-data' },
          billing: 'prepaid',
          kind: 'data',
          amount: 2_000_000_000,
          price: 129,
          validity_days: 30,
          position: 2,
          on_sale: false,
        },
      },
    ])
  })
})
