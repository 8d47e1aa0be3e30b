/** An element with its attributes and children, as the widget builds all of its markup. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  children: Array<Node | string> = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

/** An error as COPYandPAY hands it to the merchant's onError. */
export function widgetError(name: string, message: string): Error {
  const error = new Error(message)
  error.name = name
  return error
}
