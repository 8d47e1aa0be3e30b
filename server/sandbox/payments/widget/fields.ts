import { el } from './dom.ts'
import type { FieldKey } from './checks.ts'

export interface Field {
  input: HTMLInputElement
  error: HTMLElement
}

/** One labelled text input with its optional hint and its error line, both of which describe the input. */
export function textField(
  uid: string,
  key: FieldKey,
  label: string,
  attrs: Record<string, string>,
  hint?: string,
): { group: HTMLElement; field: Field } {
  const id = `${uid}-${key}`
  const error = el('p', { id: `${id}-error`, class: 'wpwl-error', 'aria-live': 'polite' })
  const describedBy = `${hint ? `${id}-hint ` : ''}${id}-error`
  const input = el('input', { id, class: `wpwl-control wpwl-control-${key}`, type: 'text', 'aria-describedby': describedBy, spellcheck: 'false', ...attrs })
  const parts: HTMLElement[] = [el('label', { class: 'wpwl-label', for: id }, [label])]
  if (hint) parts.push(el('span', { id: `${id}-hint`, class: 'wpwl-hint' }, [hint]))
  parts.push(input, error)
  return { group: el('div', { class: `wpwl-group wpwl-group-${key}` }, parts), field: { input, error } }
}

/** Shows (or clears, with '') a field's error, and marks the input invalid while it has one. */
export function showError(field: Field, text: string): void {
  field.error.textContent = text
  if (text) field.input.setAttribute('aria-invalid', 'true')
  else field.input.removeAttribute('aria-invalid')
}
