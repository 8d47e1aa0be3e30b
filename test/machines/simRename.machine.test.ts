import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { simRenameMachine, type SimRenameSave } from '../../machines/simRename.machine.ts'
import { settling } from './settling.ts'

/** The real dialog machine with a hand-settled save, recording what it saved and announced. */
function dialog() {
  let settle!: { resolve: () => void; reject: (error: unknown) => void }
  const saves: SimRenameSave[] = []
  const announced: string[] = []
  const actor = createActor(
    simRenameMachine.provide({
      actors: {
        save: fromPromise<void, SimRenameSave>(({ input }) => {
          saves.push(input)
          return new Promise<void>((resolve, reject) => (settle = { resolve, reject }))
        }),
      },
      actions: {
        announceSaved: (_, { name }) => void announced.push(`saved ${name}`),
        announceNotSaved: () => void announced.push('not saved'),
      },
    }),
    { input: { serviceId: 7 } },
  ).start()
  return {
    actor,
    saves,
    announced,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    open: (name = 'Home router') => actor.send({ type: 'sim.rename.open', name }),
    type: (name: string) => actor.send({ type: 'sim.rename.edit', name }),
    save: () => actor.send({ type: 'sim.rename.save' }),
    stored: () => settling(() => settle.resolve()),
    refused: () => settling(() => settle.reject(new Error('QuotaExceededError'))),
  }
}

describe('the rename dialog machine', () => {
  it('opens on the name the SIM shows and saves the trimmed new one, then closes and announces it', async () => {
    const d = dialog()
    expect(d.state()).toBe('closed')
    d.open()
    expect(d.context()).toMatchObject({ current: 'Home router', draft: 'Home router', problem: null })
    d.type('  Kitchen router ')
    d.save()
    expect(d.state()).toBe('saving')
    expect(d.saves).toEqual([{ serviceId: 7, name: 'Kitchen router' }])
    await d.stored()
    expect(d.state()).toBe('closed')
    expect(d.announced).toEqual(['saved Kitchen router'])
  })

  it('shows the rule a name breaks and saves nothing: empty, blank, or over 40 characters', () => {
    const d = dialog()
    d.open()
    for (const [name, problem] of [
      ['', 'Enter a name for the SIM.'],
      ['   ', 'Enter a name for the SIM.'],
      ['x'.repeat(41), 'The SIM name can be at most 40 characters.'],
    ]) {
      d.type(name!)
      d.save()
      expect(d.state()).toBe('editing')
      expect(d.context().problem).toBe(problem)
    }
    d.type('x'.repeat(40))
    expect(d.context().problem).toBeNull()
    expect(d.saves).toEqual([])
  })

  it('closes without a write when the name is left as it was (spaces aside)', () => {
    const d = dialog()
    d.open('Office')
    d.type(' Office ')
    d.save()
    expect(d.state()).toBe('closed')
    expect(d.saves).toEqual([])
    expect(d.announced).toEqual([])
  })

  it('keeps the dialog and the text when the phone refuses the write, and saves again on the next try', async () => {
    const d = dialog()
    d.open()
    d.type('Car')
    d.save()
    await d.refused()
    expect(d.state()).toBe('editing')
    expect(d.context()).toMatchObject({ draft: 'Car', problem: 'The name could not be saved on this phone. Please try again.' })
    expect(d.announced).toEqual(['not saved'])
    d.save()
    await d.stored()
    expect(d.saves).toHaveLength(2)
    expect(d.announced).toEqual(['not saved', 'saved Car'])
  })

  it('ignores typing, saving again and closing while the write is out', async () => {
    const d = dialog()
    d.open()
    d.type('Car')
    d.save()
    d.type('Bus')
    d.save()
    d.actor.send({ type: 'sim.rename.cancel' })
    expect(d.state()).toBe('saving')
    expect(d.saves).toEqual([{ serviceId: 7, name: 'Car' }])
    await d.stored()
    expect(d.announced).toEqual(['saved Car'])
  })

  it('cancels without a write, and opens afresh next time', () => {
    const d = dialog()
    d.open()
    d.type('')
    d.save()
    d.actor.send({ type: 'sim.rename.cancel' })
    expect(d.state()).toBe('closed')
    d.open('Tablet')
    expect(d.context()).toMatchObject({ current: 'Tablet', draft: 'Tablet', problem: null })
  })
})
