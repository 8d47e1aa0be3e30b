import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage'

/**
 * What a translation must keep from its English message: the placeholders (`{0}`, `{name}`),
 * the formatted and plural/select arguments with their case names, and the JSX tags (`<0>…</0>`).
 * Returned sorted, so two messages match when their shapes are equal. Throws on broken ICU syntax.
 */
export function messageShape(message: string): string[] {
  const shape = new Set<string>()
  const visit = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') {
        for (const tag of token.match(/<\/?\d+\s*\/?>/g) ?? []) shape.add(`tag ${tag.replace(/\s+/g, '')}`)
        continue
      }
      const [name, type, format] = token
      if (name === '#') continue // the plural's number may be spelt out in one branch ("into enye")
      if (type === 'plural' || type === 'select' || type === 'selectordinal') {
        const choices = (format ?? {}) as Record<string, CompiledMessage | number | undefined>
        const cases = Object.keys(choices)
          .filter((key) => key !== 'offset')
          .sort()
        // English, isiXhosa and Afrikaans all have the CLDR plural categories one/other, so the
        // case names must match exactly; a language with more categories would need its own list.
        shape.add(`{${name}, ${type}: ${cases.join(' ')}}`)
        for (const key of cases) visit(choices[key] as CompiledMessage)
      } else {
        shape.add(type ? `{${name}, ${type}${typeof format === 'string' ? `, ${format}` : ''}}` : `{${name}}`)
      }
    }
  }
  visit(compileMessageOrThrow(message))
  return [...shape].sort()
}
