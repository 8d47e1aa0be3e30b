import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { OrderSchema } from '../../src/domain/order.ts'
import { isActiveSim, ServiceSchema, SIM_LIFE } from '../../src/domain/service.ts'
import { currentStep, needsRicaReady, simSteps } from '../../src/domain/simLife.ts'
import { awaitingSim, life, prepaid } from '../fixtures/portal.ts'

const shown = (state: Parameters<typeof life>[0]) => simSteps(life(state)).map(({ step, state }) => `${step}:${state}`)

describe('the steps of a SIM’s life', () => {
  it('puts a SIM being prepared after its payment, with the way to an active SIM still ahead', () => {
    expect(shown('preparing')).toEqual(['paid:done', 'preparing:current', 'on_its_way:upcoming', 'rica:upcoming', 'activating:upcoming', 'active:upcoming'])
  })

  it('marks RICA at delivery as where a failed verification stands, the rest still ahead', () => {
    expect(shown('rica_failed')).toEqual(['paid:done', 'preparing:done', 'on_its_way:done', 'rica:failed', 'activating:upcoming', 'active:upcoming'])
  })

  it('ends a returned SIM at its return, after the RICA that failed, with no activation on the way', () => {
    expect(shown('returned')).toEqual(['paid:done', 'preparing:done', 'on_its_way:done', 'rica:failed', 'returned:current'])
  })

  it('walks the way in order: on its way, activating, active', () => {
    expect(shown('on_its_way')).toEqual(['paid:done', 'preparing:done', 'on_its_way:current', 'rica:upcoming', 'activating:upcoming', 'active:upcoming'])
    expect(shown('activating')).toEqual(['paid:done', 'preparing:done', 'on_its_way:done', 'rica:done', 'activating:current', 'active:upcoming'])
    expect(shown('active')).toEqual(['paid:done', 'preparing:done', 'on_its_way:done', 'rica:done', 'activating:done', 'active:current'])
  })

  it('has exactly one step where the SIM stands now, for every state', () => {
    for (const state of SIM_LIFE) {
      const now = simSteps(life(state)).filter((s) => s.state === 'current' || (s.state === 'failed' && s.step === currentStep(life(state))))
      expect(
        now.map((s) => s.step),
        state,
      ).toEqual([currentStep(life(state))])
    }
  })

  it('asks the customer to be ready for RICA only while the SIM is coming (or coming again)', () => {
    expect(SIM_LIFE.filter((state) => needsRicaReady(life(state)))).toEqual(['preparing', 'on_its_way', 'rica_failed'])
  })
})

describe('a SIM that is not active yet', () => {
  it('is active only once the network activated it; a SIM from before the life was recorded counts as active', () => {
    expect(SIM_LIFE.filter((state) => isActiveSim(awaitingSim({ life: life(state) })))).toEqual(['active'])
    expect(isActiveSim(prepaid())).toBe(true)
  })

  it('is a valid service answer with no ICCID, number, IMSI nor readings', () => {
    expect(v.parse(ServiceSchema, awaitingSim())).toEqual(awaitingSim())
  })

  it('appears on its order with its life, and an order answer without SIMs still reads', () => {
    const order = { id: 5, number: 'SO-5', status: 'Active', orderDate: '2026-11-22T10:00:00.000Z', total_price: 299 }
    const sims = [{ id: 3, name: 'New SIM', life: life('on_its_way', { courier: 'The Courier Guy', tracking_reference: 'TCG123' }) }]
    expect(v.parse(OrderSchema, { ...order, services: sims }).services).toEqual(sims)
    expect(v.parse(OrderSchema, order).services).toBeUndefined()
  })
})
