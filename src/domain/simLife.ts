import type { SimLife, SimLifeView } from './service.ts'

/**
 * The steps a customer's SIM goes through, in order: paid, being prepared, on its way, RICA at delivery (face to face
 * with the courier), activating on the network, active. A SIM that could not be verified and came back ends at
 * `returned` instead of activating.
 */
export const SIM_STEPS = ['paid', 'preparing', 'on_its_way', 'rica', 'activating', 'active', 'returned'] as const
export type SimStep = (typeof SIM_STEPS)[number]

/** done: behind the SIM; current: where it is now; failed: where it is now, and it went wrong; upcoming: still ahead. */
export type StepState = 'done' | 'current' | 'failed' | 'upcoming'

export interface SimStepView {
  step: SimStep
  state: StepState
}

// The step each life state stands at, and whether standing there means it went wrong.
const AT: Record<SimLife, { step: SimStep; failed: boolean }> = {
  preparing: { step: 'preparing', failed: false },
  on_its_way: { step: 'on_its_way', failed: false },
  rica_failed: { step: 'rica', failed: true },
  activating: { step: 'activating', failed: false },
  active: { step: 'active', failed: false },
  returned: { step: 'returned', failed: false },
}

/** The ordered steps a SIM shows for its life: the way to `active`, or the way to `returned` once it came back. */
export function simSteps(life: Pick<SimLifeView, 'state'>): SimStepView[] {
  const at = AT[life.state]
  const path: readonly SimStep[] =
    life.state === 'returned' ? ['paid', 'preparing', 'on_its_way', 'rica', 'returned'] : ['paid', 'preparing', 'on_its_way', 'rica', 'activating', 'active']
  const current = path.indexOf(at.step)
  return path.map((step, i) => {
    // A returned SIM failed its RICA on the way back: that step stays marked as what went wrong.
    if (life.state === 'returned' && step === 'rica') return { step, state: 'failed' }
    if (i < current) return { step, state: 'done' }
    if (i > current) return { step, state: 'upcoming' }
    return { step, state: at.failed ? 'failed' : 'current' }
  })
}

/** The step the SIM stands at now (the one a list marks with aria-current="step"). */
export const currentStep = (life: Pick<SimLifeView, 'state'>): SimStep => AT[life.state].step

/** While the SIM is on the way to the customer (and after a failed try, before the next), they must be ready for RICA. */
export const needsRicaReady = (life: Pick<SimLifeView, 'state'>): boolean =>
  life.state === 'preparing' || life.state === 'on_its_way' || life.state === 'rica_failed'
