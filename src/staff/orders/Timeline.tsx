import { useLingui } from '@lingui/react/macro'
import type { TimelineEntry } from '../../domain/staffOrderSchemas.ts'
import { styled } from '../ui/styled.ts'
import { staffTheme as theme } from '../ui/theme.ts'
import { useFormats } from '../ui/format.ts'
import { actorText, detailText, eventText, ricaFailureText } from './orderTexts.ts'

const List = styled('ol')`
  list-style: none; margin: 0; padding: 0;
  li { padding: 8px 0; border-bottom: 1px solid ${theme.color.border}; display: grid; gap: 2px; }
  .what { font-weight: 600; }
  .who, .detail { color: ${theme.color.muted}; font-size: 14px; overflow-wrap: anywhere; }
`

/** Every event on the order, oldest first: when, what, who did it (customer, system, network or the staff member) and its details. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const { i18n } = useLingui()
  const { money, when } = useFormats()
  const detail = (key: string, value: string | number) => {
    const label = detailText[key]
    const shown =
      key === 'amount' && typeof value === 'number'
        ? money(value)
        : key === 'reason' && typeof value === 'string' && Object.hasOwn(ricaFailureText, value)
          ? i18n._(ricaFailureText[value as keyof typeof ricaFailureText])
          : String(value)
    return label ? `${i18n._(label)}: ${shown}` : shown
  }
  const name = (kind: string) => {
    const text = eventText(kind)
    return typeof text === 'string' ? text : i18n._(text)
  }
  return (
    <List>
      {entries.map((entry, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id of their own and never reorder within one answer
        <li key={i}>
          <span className="what">
            <time dateTime={entry.at}>{when(entry.at)}</time> · {name(entry.kind)}
          </span>
          <span className="who">
            {i18n._(actorText[entry.actor.kind])}
            {entry.actor.kind !== 'system' && `: ${entry.actor.name}`}
          </span>
          {Object.keys(entry.detail).length > 0 && (
            <span className="detail">
              {Object.entries(entry.detail)
                .flatMap(([key, value]) => (value === null || value === '' || key === 'currency' ? [] : [detail(key, value)]))
                .join(' · ')}
            </span>
          )}
        </li>
      ))}
    </List>
  )
}
