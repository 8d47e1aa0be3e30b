import css from './widget.css?inline'
import { el } from './dom.ts'
import type { Widget } from './widget.ts'

/** The form's styles in the merchant's page, replacing those of an earlier copy. */
export function addStyle(widget: Widget): void {
  document.getElementById('wpwl-style')?.remove()
  const style = el('style', { id: 'wpwl-style' }, [css])
  document.head.append(style)
  widget.onUnload(() => style.remove())
}
