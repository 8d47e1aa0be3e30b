import { parse } from '@babel/parser'

/** A piece of text a screen would show that does not go through Lingui. */
export interface UiTextFinding {
  file: string
  line: number
  column: number
  text: string
  where: 'text' | 'expression' | `attribute ${string}`
}

/**
 * Text that may stay outside Lingui because it reads the same in every language.
 * Exact matches of the trimmed text; one reason per entry.
 */
export const ALLOWED_UI_TEXT: ReadonlyMap<string, string> = new Map([
  ['Seed', 'the brand name next to the logo in the header; never translated'],
  ['Tax Invoice', 'the title the VAT Act requires on a tax invoice, in every language the page is shown in'],
])

/** Attributes whose value a person sees or hears (screen readers). Ids, roles and flags are not text. */
const SHOWN_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
])

/** Lingui's JSX macros: text inside them is extracted into the catalogue. */
const LINGUI_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal'])

const LETTER = /\p{L}/u

type Node = { type: string; loc?: { start: { line: number; column: number } } | null; [key: string]: unknown }

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
}

function elementName(node: Node): string | undefined {
  const opening = node.openingElement
  if (!isNode(opening) || !isNode(opening.name)) return undefined
  const name = opening.name
  if (name.type === 'JSXIdentifier') return String(name.name)
  if (name.type === 'JSXMemberExpression' && isNode(name.property)) return String(name.property.name)
  return undefined
}

function attributeName(node: Node): string | undefined {
  const name = node.name
  if (!isNode(name)) return undefined
  if (name.type === 'JSXIdentifier') return String(name.name)
  return undefined
}

/** Letters that would be shown as they are: a string literal or an untagged template's fixed parts. */
function literalText(node: Node): string | undefined {
  if (node.type === 'StringLiteral') return String(node.value)
  if (node.type === 'TemplateLiteral' && Array.isArray(node.quasis)) {
    return node.quasis.map((q: Node) => String((q.value as { cooked?: string }).cooked ?? '')).join(' ')
  }
  return undefined
}

/**
 * Lists the user-visible text in one .tsx source that bypasses Lingui: JSX text outside
 * <Trans>, string literals rendered as JSX children (also through `a ? 'x' : 'y'` and `a && 'x'`),
 * and string literals in attributes people see or hear (aria-label, title, placeholder, alt, label).
 */
export function findUntranslatedText(code: string, file: string): UiTextFinding[] {
  const ast = parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: false })
  const findings: UiTextFinding[] = []

  const report = (node: Node, text: string, where: UiTextFinding['where']) => {
    const shown = text.replace(/\s+/g, ' ').trim()
    if (!LETTER.test(shown) || ALLOWED_UI_TEXT.has(shown)) return
    const start = (node.loc?.start ?? { line: 0, column: 0 }) as { line: number; column: number }
    findings.push({ file, line: start.line, column: start.column, text: shown, where })
  }

  // Checks an expression whose value ends up on screen; follows the branches that pick a value.
  const checkShown = (node: unknown, where: UiTextFinding['where']) => {
    if (!isNode(node)) return
    if (node.type === 'ConditionalExpression') {
      checkShown(node.consequent, where)
      checkShown(node.alternate, where)
    } else if (node.type === 'LogicalExpression') {
      checkShown(node.left, where)
      checkShown(node.right, where)
    } else {
      const text = literalText(node)
      if (text !== undefined) report(node, text, where)
    }
  }

  const walk = (node: unknown, insideLingui: boolean) => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child, insideLingui)
      return
    }
    if (!isNode(node)) return
    let inside = insideLingui
    if (node.type === 'JSXElement' && LINGUI_ELEMENTS.has(elementName(node) ?? '')) inside = true
    if (!inside) {
      if (node.type === 'JSXText') report(node, String(node.value), 'text')
      if ((node.type === 'JSXElement' || node.type === 'JSXFragment') && Array.isArray(node.children)) {
        for (const child of node.children as unknown[]) {
          if (isNode(child) && child.type === 'JSXExpressionContainer') checkShown(child.expression, 'expression')
        }
      }
      if (node.type === 'JSXAttribute') {
        const name = attributeName(node)
        if (name && SHOWN_ATTRIBUTES.has(name)) {
          const value = node.value
          if (isNode(value) && value.type === 'JSXExpressionContainer') checkShown(value.expression, `attribute ${name}`)
          else checkShown(value, `attribute ${name}`)
        }
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra' || key.endsWith('Comments')) continue
      if (typeof value === 'object' && value !== null) walk(value, inside)
    }
  }

  walk(ast.program, false)
  return findings.sort((a, b) => a.line - b.line || a.column - b.column)
}
