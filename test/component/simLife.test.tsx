import type { ReactElement } from 'react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { serviceChangeMachine } from '../../machines/serviceChange.machine.ts'
import { simRenameMachine } from '../../machines/simRename.machine.ts'
import { fromServer } from '../../src/features/orders/orderView.ts'
import { OrderDetail } from '../../src/features/orders/OrderDetail.tsx'
import { MonthlyView } from '../../src/features/portal/services/MonthlyView.tsx'
import { NetworkWaits } from '../../src/features/portal/services/NetworkWaits.tsx'
import { PrepaidView } from '../../src/features/portal/services/PrepaidView.tsx'
import { ServiceSidebar } from '../../src/features/portal/services/ServiceSidebar.tsx'
import { ServicesTable } from '../../src/features/portal/services/ServicesTable.tsx'
import { SimLifeSection } from '../../src/features/portal/services/SimLifeSection.tsx'
import { ServiceActions } from '../../src/features/portal/simActions/ServiceActions.tsx'
import type { Service } from '../../src/domain/service.ts'
import { awaitingSim, life, monthly, prepaid } from '../fixtures/portal.ts'
import { renderForm } from './render.tsx'

/** The page as a router serves it, for screens with links. */
async function renderRouted(ui: ReactElement) {
  const router = createRouter({ routeTree: createRootRoute({ component: () => ui }), history: createMemoryHistory({ initialEntries: ['/'] }) })
  const rendered = renderForm(<RouterProvider router={router} />)
  await router.load()
  return rendered
}

const steps = () => within(screen.getByRole('list', { name: "Your SIM's steps" })).getAllByRole('listitem')
const current = () => steps().filter((step) => step.getAttribute('aria-current') === 'step')
const ricaReady = () => screen.queryByRole('heading', { level: 3, name: 'Have this ready for RICA' })

describe('"Your SIM": where the SIM is in its life', () => {
  it('lists the steps in order with the SIM being prepared marked as now, since when, and what to have ready for RICA', () => {
    renderForm(<SimLifeSection life={life('preparing')} number={null} checkedAt="2026-11-24T09:00:00.000Z" />)
    expect(screen.getByRole('heading', { level: 2, name: 'Your SIM' })).toBeTruthy()
    expect(steps().map((step) => step.firstChild?.textContent)).toEqual([
      'Paid',
      'Being prepared',
      'On its way',
      'RICA at delivery',
      'Activating on the network',
      'Active',
    ])
    expect(current()).toHaveLength(1)
    // The state is said in words too, never by colour alone.
    expect(current()[0]?.textContent).toMatch(/^Being prepared \(Now\)We are preparing your SIM for delivery\.Since 23 Nov 2026/)
    expect(steps()[0]?.textContent).toBe('Paid (Done)')
    expect(steps()[2]?.textContent).toBe('On its way (Still to come)')
    expect(screen.getByRole('note').textContent).toMatch(/^Last checked 24 Nov 2026/)
    const ready = within(ricaReady()!.closest('section')!)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(ready).toEqual([
      'Your original ID document (or passport)',
      'A proof of address not older than three months',
      'You, in person, when the courier delivers',
    ])
  })

  it('names the courier, the tracking reference and a second delivery attempt while the SIM is on its way', () => {
    renderForm(
      <SimLifeSection life={life('on_its_way', { courier: 'The Courier Guy', tracking_reference: 'TCG-88412', attempt: 2 })} number={null} checkedAt={null} />,
    )
    const now = current()[0]!
    expect(within(now).getByText('On its way')).toBeTruthy()
    const facts = within(now)
      .getAllByRole('definition')
      .map((d) => d.textContent)
    expect(facts).toEqual(['The Courier Guy', 'TCG-88412', '2'])
    expect(within(now).getByText('Tracking reference')).toBeTruthy()
    expect(ricaReady()).toBeTruthy()
    expect(screen.queryByRole('note')).toBeNull()
  })

  it('says why RICA failed and what happens next (a second delivery, else the SIM comes back and is refunded), and to be ready again', () => {
    renderForm(<SimLifeSection life={life('rica_failed', { rica_failure: 'proof_of_address' })} number={null} checkedAt={null} />)
    const now = current()[0]!
    expect(now.textContent).toMatch(/^RICA at delivery \(Failed\)/)
    expect(within(now).getByText('The proof of address was missing or older than three months.')).toBeTruthy()
    expect(within(now).getByText(/^What happens next: we will arrange a second delivery\./).textContent).toMatch(
      /comes back to us and we refund your payment for it\.$/,
    )
    expect(ricaReady()).toBeTruthy()
  })

  it('tells a customer whose SIM came back that the payment is refunded, with no activation ahead and nothing to have ready', () => {
    renderForm(<SimLifeSection life={life('returned')} number={null} checkedAt={null} />)
    expect(steps().map((step) => step.firstChild?.textContent)).toEqual(['Paid', 'Being prepared', 'On its way', 'RICA at delivery', 'Returned to us'])
    expect(steps()[3]?.textContent).toBe('RICA at delivery (Failed)')
    expect(current().map((step) => step.firstChild?.textContent)).toEqual(['Returned to us'])
    expect(screen.getByText(/We refund your payment for it\.$/)).toBeTruthy()
    expect(ricaReady()).toBeNull()
  })

  it('while activating, says RICA is done and the number comes from the network', () => {
    renderForm(<SimLifeSection life={life('activating')} number={null} checkedAt={null} />)
    expect(current()[0]?.firstChild?.textContent).toBe('Activating on the network')
    expect(steps()[3]?.textContent).toBe('RICA at delivery (Done)')
    expect(screen.getByText(/your number shows here once it has\.$/)).toBeTruthy()
    expect(ricaReady()).toBeNull()
  })

  it('shows an active SIM’s number at its last step', () => {
    renderForm(<SimLifeSection life={life('active')} number="0821234567" checkedAt={null} />)
    expect(within(current()[0]!).getByText('Your SIM works. Your number is 0821234567.')).toBeTruthy()
  })
})

describe('nothing made up for a SIM the network has not activated', () => {
  const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

  it('says when the number and the ICCID come instead of leaving them blank, shows its life as its status and no activation date', () => {
    renderForm(<ServiceSidebar service={awaitingSim({ life: life('on_its_way') })} products={[]} />)
    expect(row('Mobile number')).toBe('Given when the network activates your SIM')
    expect(row('ICCID')).toBe('Given when your SIM is dispatched')
    expect(row('Status')).toBe('On its way')
    expect(screen.queryByText('Activation Date')).toBeNull()
    expect(screen.queryByText(/Sandbox network/)).toBeNull()
  })

  it('labels an active sandbox SIM’s number as the sandbox’s, the number still its own text', () => {
    renderForm(<ServiceSidebar service={prepaid({ network: 'sandbox', life: life('active'), read_at: '2026-11-24T09:00:00.000Z' })} products={[]} />)
    expect(screen.getByText('0821234567', { exact: true })).toBeTruthy()
    expect(screen.getByText('Sandbox network: test number, not a real one')).toBeTruthy()
    expect(row('Status')).toBe('Active')
    expect(row('ICCID')).toBe('8927000000000000001')
    expect(screen.queryByText('Mobile number')).toBeNull()
    expect(screen.getByText('Activation Date')).toBeTruthy()
  })

  it('shows no balances, gauges or zeros before the network reported them', () => {
    renderForm(<PrepaidView service={awaitingSim()} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Wallets' })).toBeTruthy()
    expect(screen.getByText('The network has not reported your balances yet.')).toBeTruthy()
    expect(screen.queryAllByRole('meter')).toHaveLength(0)
    expect(screen.queryByText(/^R ?0/)).toBeNull()
  })

  it('shows no usage figures or chart before the network reported them', () => {
    renderForm(<MonthlyView service={monthly({ read_at: null, total_usage: undefined, peak_usage: undefined, offpeak_usage: undefined })} />)
    expect(screen.getByText('The network has not reported your usage yet.')).toBeTruthy()
    expect(screen.queryByText('Total Usage (GB)')).toBeNull()
    expect(screen.queryByText('Usage Stats')).toBeNull()
  })

  it('says when the network read the balances and the usage, and that the sandbox’s figures are test figures', () => {
    renderForm(<PrepaidView service={prepaid({ read_at: '2026-11-24T09:15:00.000Z', network: 'sandbox' })} />)
    expect(screen.getByText(/^Read from the network at 24 Nov 2026/)).toBeTruthy()
    expect(screen.getByText('Sandbox network: test figures, not real ones')).toBeTruthy()
    expect(screen.getAllByRole('meter')).toHaveLength(3)
    screen.getByText('R25.50')
  })

  it('shows a real network’s usage with its reading time and no sandbox label', () => {
    renderForm(<MonthlyView service={monthly({ read_at: '2026-11-24T09:15:00.000Z', network: 'enabler' })} />)
    expect(screen.getByText(/^Read from the network at 24 Nov 2026/)).toBeTruthy()
    expect(screen.queryByText(/Sandbox network/)).toBeNull()
    expect(screen.getByText('Total Usage (GB)')).toBeTruthy()
  })
})

describe('changes waiting for the network', () => {
  it('lists each change still waiting, and a failed one as failed with support told', () => {
    renderForm(
      <NetworkWaits
        waiting={[
          { kind: 'change_plan', since: '2026-11-24T09:00:00.000Z', failed: false },
          { kind: 'add_bundle', since: '2026-11-24T09:05:00.000Z', failed: false },
          { kind: 'cancel', since: '2026-11-24T09:10:00.000Z', failed: true },
          { kind: 'activate', since: '2026-11-24T09:20:00.000Z', failed: false },
        ]}
      />,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Changes sent to the network' })).toBeTruthy()
    const items = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(items[0]).toMatch(/^Package change: waiting for the network \(sent 24 Nov 2026/)
    expect(items[1]).toMatch(/^Bundle: waiting for the network/)
    expect(items[2]).toBe('Cancellation: failed at the network. Our support team has been told; contact us if you need help.')
    expect(items[3]).toMatch(/^Activation: waiting for the network/)
  })

  it('shows nothing when nothing waits', () => {
    const { container } = renderForm(<NetworkWaits waiting={[]} />)
    expect(container.textContent).toBe('')
  })
})

describe('self-service on a SIM that is not active', () => {
  const actions = async (service: Service) => {
    const change = createActor(serviceChangeMachine, { input: { serviceId: service.id } }).start()
    const rename = createActor(simRenameMachine, { input: { serviceId: service.id } }).start()
    await renderRouted(<ServiceActions service={service} rename={rename} change={change} />)
  }
  const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name })

  it('keeps the package, bundles and cancelling for later, says why, and still lets the customer name the SIM', async () => {
    await actions(awaitingSim({ life: life('on_its_way') }))
    expect(button('Upgrade/Downgrade').disabled).toBe(true)
    expect(button('Cancel Service').disabled).toBe(true)
    expect(button('ADD VAS').disabled).toBe(true)
    expect(button('Update Sim Name').disabled).toBe(false)
    expect(screen.getByText('Package changes, bundles and cancelling are possible once your SIM is active.')).toBeTruthy()
  })

  it('offers them all once the network activated it', async () => {
    await actions(prepaid({ life: life('active') }))
    expect(button('Upgrade/Downgrade').disabled).toBe(false)
    expect(button('Cancel Service').disabled).toBe(false)
    expect(screen.getByRole('link', { name: 'ADD VAS' })).toBeTruthy()
    expect(screen.queryByText(/possible once your SIM is active/)).toBeNull()
  })
})

describe('the SIM’s life on the services list and the order', () => {
  it('shows a SIM not active yet by its life in the status column, an active one as Active', async () => {
    await renderRouted(
      <ServicesTable services={[awaitingSim({ life: life('rica_failed', { rica_failure: 'not_present' }) }), prepaid({ network: 'sandbox' })]} products={[]} />,
    )
    const [waiting, active] = screen.getAllByRole('row').slice(1)
    expect(within(waiting!).getByText('RICA failed')).toBeTruthy()
    expect(within(waiting!).queryByText('Active')).toBeNull()
    expect(within(active!).getByText('Active')).toBeTruthy()
    expect(within(active!).getByText('0821234567', { exact: true })).toBeTruthy()
    expect(within(active!).getByText('Sandbox network: test number, not a real one')).toBeTruthy()
  })

  it('lists the order’s SIMs, each with its life and since when, linked to its page', async () => {
    const order = fromServer({
      id: 5,
      number: 'SO-000005',
      status: 'Active',
      orderDate: '2026-11-22T10:00:00.000Z',
      total_price: 299,
      order_lines: [{ number: 1, product_id: 11, name: 'LTE Uncapped 20Mbps', unit_price: 299, status: 'Active' }],
      services: [
        { id: 3, name: 'New SIM', life: life('on_its_way') },
        { id: 4, name: 'Router SIM', life: life('returned') },
      ],
    })
    await renderRouted(<OrderDetail order={order} />)
    const sims = within(screen.getByRole('region', { name: 'Your SIMs from this order' })).getAllByRole('listitem')
    expect(sims.map((sim) => sim.textContent)).toEqual([
      expect.stringMatching(/^New SIMOn its waysince 23 Nov 2026.*View Service$/),
      expect.stringMatching(/^Router SIMReturnedsince 23 Nov 2026.*View Service$/),
    ])
    expect(within(sims[0]!).getByRole('link', { name: 'View Service New SIM' }).getAttribute('href')).toBe('/service/3')
  })
})
