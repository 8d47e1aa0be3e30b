/**
 * The app's error handler: failures the customer was already told about in the UI (a script that would not
 * load, an unexpected answer) are kept here for diagnosis and logged as warnings, never thrown.
 */
export interface ReportedError {
  message: string
  context: string
  at: string
}

const MAX_KEPT = 50
const kept: ReportedError[] = []

export function reportError(error: unknown, context: string): void {
  const message = error instanceof Error ? error.message : String(error)
  kept.push({ message, context, at: new Date().toISOString() })
  if (kept.length > MAX_KEPT) kept.shift()
  console.warn(`[${context}] ${message}`)
}

/** The latest reports, oldest first (for a support screen or a test). */
export const reportedErrors = (): readonly ReportedError[] => kept
