import { randomInt } from 'node:crypto'
import { RICA_FAILURES } from '../../../src/domain/service.ts'
import type { RicaFailure, SimLife } from '../../../src/domain/service.ts'
import { focusRing } from '../../../src/domain/focusRing.ts'
import { escapeHtml } from '../../http/escapeHtml.ts'
import { readingOf } from './store.ts'
import type { SandboxSim } from './store.ts'
import { availableByBalance } from './reading.ts'

/** A storefront SIM waiting on fulfilment, with the sandbox's SIM for it once one was dispatched. */
export interface WaitingSim {
  reference: string
  name: string
  product: string
  life: SimLife
  rica_failure: RicaFailure | null
  sim?: SandboxSim
}

/** The data a tester's "Use 500 MB" spends. */
export const USE_DATA_BYTES = 500e6

const style = `
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #14213d; background: #f4f6fa; }
    main { max-width: 44rem; margin: 1.5rem auto; }
    h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 .75rem; } h2 { font-size: 1.25rem; margin: 1.5rem 0 .75rem; }
    h1, h2, h3, p { overflow-wrap: anywhere; }
    section { margin: 0 0 1rem; padding: 1rem 1.25rem; background: #fff; border: 1px solid #d5dbe6; border-radius: 8px; }
    section h3 { font-size: 1.1rem; margin: 0 0 .5rem; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: .125rem 1rem; margin: 0 0 .75rem; font-size: .875rem; color: #44506a; }
    dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
    form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin: .75rem 0 0; }
    .field { display: flex; flex-direction: column; flex: 1 1 12rem; }
    label { font-weight: 600; }
    input, select { min-height: 44px; box-sizing: border-box; padding: .5rem; font: inherit; border: 1px solid #666; border-radius: 6px; background: #fff; }
    button { min-height: 44px; padding: .5rem 1rem; font: inherit; font-weight: 700; border-radius: 6px; border: 2px solid #0b4f9c; background: #0b4f9c; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: #0b4f9c; }
    :focus-visible { ${focusRing} }
    .problem { padding: .75rem 1rem; border: 2px solid #a4161a; border-radius: 6px; background: #fff; color: #a4161a; font-weight: 600; }
    .sandbox { font-size: .875rem; color: #44506a; }`

const lifeText: Record<SimLife, string> = {
  preparing: 'Being prepared: waiting for dispatch',
  on_its_way: 'On its way: RICA at delivery',
  rica_failed: 'RICA failed at delivery',
  returned: 'Returned',
  activating: 'RICA verified: waiting for the activation request',
  active: 'Active',
}

const reasonText: Record<RicaFailure, string> = {
  not_present: 'Customer not present',
  document_mismatch: 'ID document does not match',
  proof_of_address: 'No valid proof of address',
  other: 'Other reason',
}

const e = escapeHtml
const hidden = (name: string, value: string | number) => `<input type="hidden" name="${name}" value="${e(String(value))}">`
const field = (id: string, label: string, control: string) => `<div class="field"><label for="${id}">${e(label)}</label>${control}</div>`
/** A submit button, described by its SIM's heading, so "Dispatch" says which SIM when read out of its section. */
const button = (label: string, describedBy: string, secondary = false) =>
  `<button type="submit" aria-describedby="${e(describedBy)}"${secondary ? ' class="secondary"' : ''}>${e(label)}</button>`
const details = (rows: Array<[string, string | null | undefined]>) =>
  `<dl>${rows
    .filter((row): row is [string, string] => typeof row[1] === 'string' && row[1] !== '')
    .map(([term, value]) => `<dt>${e(term)}</dt><dd>${e(value)}</dd>`)
    .join('')}</dl>`

/** A form that posts one action about one SIM back to this page. */
const form = (action: string, target: Record<string, string | number>, body: string) =>
  `<form method="post">${hidden('action', action)}${Object.entries(target)
    .map(([name, value]) => hidden(name, value))
    .join('')}${body}</form>`

/** The courier's fields: who carries it and the parcel's tracking reference (a new one offered each time). */
function courierFields(prefix: string): string {
  const tracking = `SBX${String(randomInt(10_000_000, 100_000_000))}`
  return (
    field(`${prefix}-courier`, 'Courier', `<input id="${prefix}-courier" name="courier" required maxlength="80" value="Sandbox Courier">`) +
    field(`${prefix}-tracking`, 'Tracking reference', `<input id="${prefix}-tracking" name="tracking_reference" required maxlength="40" value="${tracking}">`)
  )
}

function waitingActions(w: WaitingSim): string {
  const id = w.reference.replace(/[^A-Za-z0-9-]/g, '')
  const heading = `sim-${w.reference}`
  const sim = w.sim
  // A SIM the back office's fulfilment dispatched has no sandbox courier: its delivery is recorded there too.
  if (!sim)
    return w.life === 'preparing'
      ? form('dispatch', { reference: w.reference }, courierFields(`dispatch-${id}`) + button('Dispatch', heading))
      : '<p>Dispatched from the back office: its delivery is recorded there.</p>'
  if (sim.returned_at || sim.status !== 'inactive') return ''
  const target = { reference: w.reference, attempt: sim.attempt }
  const returnForm = form('return', { reference: w.reference }, button('Return to us', heading, true))
  if (w.life === 'rica_failed')
    return form('dispatch_again', target, courierFields(`again-${id}`) + button(`Dispatch again (attempt ${sim.attempt + 1})`, heading)) + returnForm
  if (w.life !== 'on_its_way') return ''
  const reasons = RICA_FAILURES.map((reason) => `<option value="${reason}">${e(reasonText[reason])}</option>`).join('')
  return (
    form('rica_verified', target, button('Delivered: RICA verified', heading)) +
    form(
      'rica_failed',
      target,
      field(`reason-${id}`, 'Reason', `<select id="reason-${id}" name="reason">${reasons}</select>`) + button('Delivered: RICA failed', heading, true),
    ) +
    returnForm
  )
}

const gigabytes = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`

function waitingSection(w: WaitingSim): string {
  return `<section aria-labelledby="sim-${e(w.reference)}">
      <h3 id="sim-${e(w.reference)}">${e(w.reference)}: ${e(w.name)}</h3>
      ${details([
        ['Product', w.product],
        ['State', lifeText[w.life]],
        ['Why RICA failed', w.life === 'rica_failed' && w.rica_failure ? reasonText[w.rica_failure] : undefined],
        ['ICCID', w.sim?.iccid],
        ['Delivery attempt', w.sim ? String(w.sim.attempt) : undefined],
        ['Courier', w.sim?.courier],
        ['Tracking reference', w.sim?.tracking_reference],
      ])}
      ${waitingActions(w)}
    </section>`
}

function activeSection(sim: SandboxSim): string {
  const left = availableByBalance(readingOf(sim))
  const data = sim.billing === 'monthly' ? left.spend_limit : (left.data_sub ?? 0) + (left.data0 ?? 0)
  return `<section aria-labelledby="active-${e(sim.iccid)}">
      <h3 id="active-${e(sim.iccid)}">${e(sim.msisdn ?? '')} (${e(sim.reference)})</h3>
      ${details([
        ['ICCID', sim.iccid],
        ['Status', sim.status],
        ['Plan', sim.plan],
        ['Billing', sim.billing],
        [sim.billing === 'monthly' ? 'Data left under the limit' : 'Data left in bundles', data === undefined ? undefined : gigabytes(data)],
        ['Last reported', sim.read_at?.toISOString()],
      ])}
      ${sim.status === 'active' ? form('use_data', { iccid: sim.iccid }, button('Use 500 MB', `active-${sim.iccid}`)) + amountForm(sim) : ''}
    </section>`
}

/** The most a tester's "Use data" spends at once (1 TB), in megabytes. */
export const USE_DATA_MAX_MB = 1_000_000

/** Any amount of data, so a tester can stop a bundle at a chosen share (past 80 percent, short of 100) to see one usage alert. */
const amountForm = (sim: SandboxSim) =>
  form(
    'use_data',
    { iccid: sim.iccid },
    field(
      `use-${e(sim.iccid)}`,
      'Data to use (MB)',
      `<input id="use-${e(sim.iccid)}" name="megabytes" type="number" inputmode="numeric" min="1" max="${USE_DATA_MAX_MB}" step="1" value="500" required>`,
    ) + button('Use data', `active-${sim.iccid}`),
  )

/** The bytes a use_data form asks for: its megabytes when a whole number from 1 to the maximum, else the 500 MB of the plain button. */
export function dataToUse(megabytes: string): number {
  const amount = Number(megabytes)
  return megabytes !== '' && Number.isInteger(amount) && amount >= 1 && amount <= USE_DATA_MAX_MB ? amount * 1e6 : USE_DATA_BYTES
}

/** The tester's page: the courier and fulfilment of the demo, and the network's active SIMs. English only, like the other sandbox tools. */
export function sandboxNetworkPage(waiting: readonly WaitingSim[], active: readonly SandboxSim[], problem?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sandbox network</title>
  <style>${style}
  </style>
</head>
<body>
  <main>
    <h1>Sandbox network</h1>
    <p>This page stands in for the courier and for the reseller's network (the enabler) in the demo. Nothing here reaches a real network: the ICCIDs, mobile numbers, balances and usage are the sandbox's own.</p>
    ${problem ? `<p class="problem" role="alert">${e(problem)}</p>` : ''}
    <h2>Waiting on fulfilment</h2>
    ${waiting.length === 0 ? '<p>No SIM is waiting on fulfilment.</p>' : waiting.map(waitingSection).join('\n    ')}
    <h2>Active SIMs</h2>
    ${active.length === 0 ? '<p>The sandbox network has no active SIM yet.</p>' : active.map(activeSection).join('\n    ')}
    <p class="sandbox">Sandbox network: set NETWORK_BASE_URL to use the reseller's enabler.</p>
  </main>
</body>
</html>`
}
