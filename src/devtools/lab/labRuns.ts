import { useSyncExternalStore } from 'react'
import { commitToLab, labDb } from './labLog.ts'
import type { LabMachineId } from './labMachine.ts'
import { labMachines } from './labMachines.ts'
import { LabRun, type LabRunOptions, type LabView } from './labRun.ts'
import type { LabSessionFile } from './session.ts'

/** How long a fake takes: long enough to see the state that waits for it. */
export const FAKE_DELAY_MS = 400

const options: Omit<LabRunOptions, 'mode' | 'input'> = {
  db: labDb,
  commit: commitToLab,
  delay: () => new Promise((resolve) => setTimeout(resolve, FAKE_DELAY_MS)),
}

// One run per machine for the page's life, so switching machines (or pages) keeps each session.
const runs = new Map<LabMachineId, LabRun>()
const listeners = new Set<() => void>()

/** The machine's run, started on first use. */
export function labRun(id: LabMachineId): LabRun {
  let run = runs.get(id)
  if (!run) {
    run = new LabRun(labMachines[id], options).start()
    runs.set(id, run)
  }
  return run
}

/** Replaces the machine's run with the imported session, rebuilt by pure replay (no effect runs). */
export function importSession(file: LabSessionFile): LabRun {
  runs.get(file.machine)?.stop()
  const run = LabRun.restore(labMachines[file.machine], file, options)
  runs.set(file.machine, run)
  for (const listener of listeners) listener()
  return run
}

function subscribeRuns(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The machine's run and its current view, re-rendering on every step and on an import. */
export function useLabRun(id: LabMachineId): { run: LabRun; view: LabView } {
  const run = useSyncExternalStore(subscribeRuns, () => labRun(id))
  const view = useSyncExternalStore(run.subscribe, run.getView)
  return { run, view }
}
