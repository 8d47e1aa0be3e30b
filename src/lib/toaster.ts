/** The one toaster: a tiny store of visible toasts, each kind with its own duration, at most MAX_TOASTS at a time. */
export type ToastKind = 'default' | 'success' | 'error' | 'loading'

export interface Toast {
  id: number
  kind: ToastKind
  text: string
}

const DURATION_MS: Record<ToastKind, number> = { default: 4000, success: 2000, error: 4000, loading: Infinity }
export const MAX_TOASTS = 20

/** A running countdown, or the time left while it is paused (hovered or focused). */
interface Clock {
  timer: ReturnType<typeof setTimeout> | undefined
  endsAt: number
  leftMs: number
}

let toasts: Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()
const clocks = new Map<number, Clock>()

function emit() {
  for (const listener of listeners) listener()
}

export function dismiss(id: number): void {
  const clock = clocks.get(id)
  if (clock?.timer) clearTimeout(clock.timer)
  clocks.delete(id)
  if (!toasts.some((t) => t.id === id)) return
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

function run(id: number, ms: number): Clock {
  return { timer: setTimeout(() => dismiss(id), ms), endsAt: Date.now() + ms, leftMs: ms }
}

/** Stops a toast's countdown while the customer reads it (pointer over it, or focus in it); a second pause is a no-op. */
export function pause(id: number): void {
  const clock = clocks.get(id)
  if (!clock?.timer) return
  clearTimeout(clock.timer)
  clocks.set(id, { timer: undefined, endsAt: 0, leftMs: Math.max(0, clock.endsAt - Date.now()) })
}

/** Lets a paused toast's countdown run on from where it stopped. */
export function resume(id: number): void {
  const clock = clocks.get(id)
  if (!clock || clock.timer) return
  clocks.set(id, run(id, clock.leftMs))
}

function show(kind: ToastKind, text: string, durationMs = DURATION_MS[kind]): number {
  const id = nextId++
  toasts = [...toasts, { id, kind, text }]
  for (const oldest of toasts.slice(0, -MAX_TOASTS)) dismiss(oldest.id)
  if (Number.isFinite(durationMs)) clocks.set(id, run(id, durationMs))
  emit()
  return id
}

export const toast = {
  show: (text: string, durationMs?: number) => show('default', text, durationMs),
  success: (text: string, durationMs?: number) => show('success', text, durationMs),
  error: (text: string, durationMs?: number) => show('error', text, durationMs),
  loading: (text: string) => show('loading', text),
  dismiss,
  pause,
  resume,
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getToasts(): Toast[] {
  return toasts
}
