import type { WidgetTexts } from '../widgetTexts.ts'

/** What the server tells one copy of the widget script: its checkout and its words. */
export interface WidgetConfig {
  /** The checkout id, or null when it is unknown, expired or already used. */
  checkoutId: string | null
  /** This script's own path, for browsers without document.currentScript. */
  scriptPath: string
  /**
   * The widget's texts by language; the script shows the one `wpwlOptions.locale` names (COPYandPAY's option),
   * else the page's `<html lang>`, else English (which must be there).
   */
  texts: WidgetTextsByLanguage
}

export type WidgetTextsByLanguage = { en: WidgetTexts } & Record<string, WidgetTexts>
