import { whenIdle } from '../lib/idle.ts'

/**
 * Runs boot work the first paint does not need once that paint is on screen, one task per idle period, so no
 * piece of it adds to a long task while the page is becoming interactive.
 */
export function afterFirstPaint(tasks: ReadonlyArray<() => unknown>): void {
  const runFrom = (index: number) => {
    const task = tasks[index]
    if (!task) return
    whenIdle(() => {
      task()
      runFrom(index + 1)
    })
  }
  // The frame after the first one rendered: the first paint has happened. A tab opened in the background
  // paints no frames until it is shown, and its boot work (following the other tabs) must not wait for that.
  if (document.visibilityState === 'hidden') setTimeout(() => runFrom(0), 0)
  else requestAnimationFrame(() => setTimeout(() => runFrom(0), 0))
}
