/** The one toaster: a tiny store of visible toasts, each kind with its own duration, at most MAX_TOASTS at a time. */
export type ToastKind = 'default' | 'success' | 'error' | 'loading'

export interface Toast {
  id: number
  kind: ToastKind
  text: string
}

const DURATION_MS: Record<ToastKind, number> = { default: 4000, success: 2000, error: 4000, loading: Infinity }
export const MAX_TOASTS = 20

let toasts: Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()
const timers = new Map<number, ReturnType<typeof setTimeout>>()

function emit() {
  for (const listener of listeners) listener()
}

export function dismiss(id: number): void {
  const timer = timers.get(id)
  if (timer) clearTimeout(timer)
  timers.delete(id)
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

function show(kind: ToastKind, text: string, durationMs = DURATION_MS[kind]): number {
  const id = nextId++
  toasts = [...toasts, { id, kind, text }]
  for (const oldest of toasts.slice(0, -MAX_TOASTS)) dismiss(oldest.id)
  if (Number.isFinite(durationMs))
    timers.set(
      id,
      setTimeout(() => dismiss(id), durationMs),
    )
  emit()
  return id
}

export const toast = {
  show: (text: string, durationMs?: number) => show('default', text, durationMs),
  success: (text: string, durationMs?: number) => show('success', text, durationMs),
  error: (text: string, durationMs?: number) => show('error', text, durationMs),
  loading: (text: string) => show('loading', text),
  dismiss,
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getToasts(): Toast[] {
  return toasts
}
