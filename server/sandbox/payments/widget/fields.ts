import { cardDigits } from '../../../../src/domain/cards.ts'
import { markBrand } from './brands.ts'
import { fieldOrder, parseExpiry, twoDigits, type FieldKey } from './checks.ts'
import { el } from './dom.ts'

export interface Field {
  input: HTMLInputElement
  error: HTMLElement
}

/** One labelled text input with its optional hint and its error line, both of which describe the input. */
export function textField(uid: string, key: FieldKey, label: string, attrs: Record<string, string>, hint?: string): { group: HTMLElement; field: Field } {
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

/**
 * What the fields do as the shopper types: an error shows when a filled field is left and clears as soon as the
 * value is fixed; the number marks its brand and is grouped in fours, the expiry date is written "MM / YY".
 */
export function followTyping(fields: Record<FieldKey, Field>, check: (key: FieldKey) => boolean, brandList: HTMLElement): void {
  for (const key of fieldOrder) {
    const { input } = fields[key]
    input.addEventListener('blur', () => {
      if (input.value.trim()) check(key)
    })
    input.addEventListener('input', () => {
      if (input.getAttribute('aria-invalid')) check(key)
    })
  }
  const number = fields.number.input
  number.addEventListener('input', () => markBrand(brandList, number.value))
  number.addEventListener('blur', () => {
    const digits = cardDigits(number.value)
    if (/^\d+$/.test(digits)) number.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ')
  })
  const expiry = fields.expiry.input
  expiry.addEventListener('blur', () => {
    const parsed = parseExpiry(expiry.value)
    if (parsed) expiry.value = `${twoDigits(parsed.month)} / ${String(parsed.year).slice(-2)}`
  })
}
