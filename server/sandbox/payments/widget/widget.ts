import type { WidgetConfig } from './config.ts'

/** One running copy of the widget script. */
export interface Widget {
  config: WidgetConfig
  /** Where the script came from: the payment is posted beside it (the widget works cross-origin too). */
  scriptUrl: URL
  /** Registers what to undo when the widget unloads (a second copy of the script takes over). */
  onUnload(cleanup: () => void): void
}
