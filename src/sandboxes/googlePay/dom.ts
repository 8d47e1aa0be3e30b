import css from './sandbox.css?inline'

const STYLE_ID = 'gpay-sandbox-style'

/** Injects the sandbox's styles once into the document (or the shadow root the button lives in). */
export function ensureStyles(root: Document | ShadowRoot = document): void {
  if (root.getElementById?.(STYLE_ID) ?? (root instanceof Document ? null : root.querySelector(`#${STYLE_ID}`))) return
  const style = document.createElement('style')
  style.id = STYLE_ID
  style.textContent = css
  if (root instanceof Document) root.head.append(style)
  else root.append(style)
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  node.append(...children)
  return node
}

/**
 * Google's "G Pay" mark: the multicoloured G and "Pay", drawn by the styles as a picture of text (decorative; the
 * button's name says "Google Pay"), so the button has no visible text its name would have to contain.
 */
export function logo(): HTMLElement {
  const mark = el('span', 'gpay-sandbox-logo', el('span', 'gpay-sandbox-g'))
  mark.setAttribute('aria-hidden', 'true')
  return mark
}
