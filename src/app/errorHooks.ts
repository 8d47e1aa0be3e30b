import type { RootOptions } from 'react-dom/client'
import { isNotFound, isRedirect } from '@tanstack/react-router'
import { reportError } from '../reportError.ts'

/**
 * Errors nothing else caught: a script's error event and a promise nobody awaited. A cross-origin script's error
 * carries nothing but "Script error." and is left out.
 */
export function listenForErrors(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onError = (event: ErrorEvent) => {
    if (event.error === undefined && (!event.message || event.message === 'Script error.')) return
    reportError(event.error ?? event.message, 'window', 'error')
  }
  const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason, 'unhandled rejection', 'unhandledrejection')
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}

/** React's own hooks on the root: errors an error boundary caught, those none did, and hydration mismatches it recovered from. */
export const rootErrorOptions: Pick<RootOptions, 'onCaughtError' | 'onUncaughtError' | 'onRecoverableError'> = {
  onCaughtError: (error) => {
    // The router's not-found and redirect signals reach its boundaries too; they are navigation, not failures.
    if (!isNotFound(error) && !isRedirect(error)) reportError(error, 'react', 'render')
  },
  onUncaughtError: (error) => reportError(error, 'react', 'uncaught'),
  onRecoverableError: (error) => reportError(error, 'hydration', 'hydration'),
}
