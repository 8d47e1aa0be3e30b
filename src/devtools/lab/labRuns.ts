import { defined } from '../../domain/defined.ts'
import { actorStore, useActorStore, type ActorStore } from '../../lib/actorStore.ts'
import { useAuth, type Session } from '../../lib/sessionStore.ts'
import { commitToLab, labDb } from './labLog.ts'
import type { LabMachineId } from './labMachine.ts'
import { labMachines } from './labMachines.ts'
import { LabRun, type LabRunOptions, type LabView } from './labRun.ts'
import type { LabSessionFile } from './labSession.ts'

/** How long a fake takes: long enough to see the state that waits for it. */
export const FAKE_DELAY_MS = 400

/** The lab page's runs: the lab log, a fake's pause, and the storefront's session (the app's auth service). */
const optionsWith = (session: () => Session): Omit<LabRunOptions, 'mode' | 'input'> => ({
  db: labDb,
  commit: commitToLab,
  delay: () => new Promise((resolve) => setTimeout(resolve, FAKE_DELAY_MS)),
  session,
})

// One run per machine for the page's life, so switching machines (or pages) keeps each session.
const stores = new Map<LabMachineId, ActorStore<LabRun, LabView | undefined>>()

function labStore(id: LabMachineId, session: () => Session): ActorStore<LabRun, LabView | undefined> {
  let store = stores.get(id)
  if (!store) {
    store = actorStore({
      load: () => ({ actor: new LabRun(labMachines[id], optionsWith(session)).start() }),
      view: (view: LabView) => view,
      initial: undefined,
    })
    stores.set(id, store)
  }
  // The run is made at once (no code to load): it runs from here on.
  void store.start()
  return store
}

/** The machine's run, started on first use. */
export function labRun(id: LabMachineId, session: () => Session): LabRun {
  return defined(labStore(id, session).actor(), 'the lab run, made at once by labStore')
}

/** Replaces the machine's recording with the imported session, rebuilt by pure replay (no effect runs). */
export function importSession(file: LabSessionFile, session: () => Session): LabRun {
  return labRun(file.machine, session).replay(file)
}

/** The machine's run and its current view, re-rendering on every step and on an import. */
export function useLabRun(id: LabMachineId): { run: LabRun; view: LabView } {
  const store = labStore(id, useAuth().session.get)
  const run = defined(store.actor(), 'the lab run, made at once by labStore')
  const view = useActorStore(store) ?? run.getSnapshot()
  return { run, view }
}
