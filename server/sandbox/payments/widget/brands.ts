import { brandOf, cardDigits } from '../../../../src/domain/cards.ts'
import { el } from './dom.ts'

const brandNames: Record<string, string> = { VISA: 'Visa', MASTER: 'Mastercard', DISCOVER: 'Discover', AMEX: 'American Express' }

/** The brands the merchant's form names in data-brands (Visa and Mastercard when it names none). */
export const formBrands = (form: HTMLFormElement): string[] => (form.getAttribute('data-brands') || 'VISA MASTER').toUpperCase().split(/\s+/).filter(Boolean)

/** "We accept" and the brand marks, labelled by that title. */
export function brandBox(uid: string, title: string, brands: readonly string[]): { box: HTMLElement; list: HTMLElement } {
  const list = el(
    'ul',
    { class: 'wpwl-brand-list', 'aria-labelledby': `${uid}-brands` },
    brands.map((brand) => el('li', { class: `wpwl-brand wpwl-brand-${brand.replace(/[^A-Z0-9]/g, '')}` }, [brandNames[brand] ?? brand])),
  )
  const box = el('div', { class: 'wpwl-brands' }, [el('span', { id: `${uid}-brands`, class: 'wpwl-brands-title' }, [title]), list])
  return { box, list }
}

/** Highlights the brand the number typed so far belongs to. */
export function markBrand(list: HTMLElement, typed: string): void {
  const brand = brandOf(cardDigits(typed))
  for (const item of list.querySelectorAll('.wpwl-brand'))
    item.classList.toggle('wpwl-brand-detected', !!brand && item.classList.contains(`wpwl-brand-${brand}`))
}
