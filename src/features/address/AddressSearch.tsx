import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { FieldBox } from '../../ui/forms/fieldStyles.ts'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import type { AddressFill } from '../../domain/accountForm.ts'
import type { AddressSuggestion } from './addressPort.ts'
import { addressSuggestions } from './suggestions.ts'

const Box = styled('div')`
  position: relative;
  [role='listbox'] {
    position: absolute; z-index: 5; left: 0; right: 0; top: 100%; margin: -10px 0 0; padding: 4px 0; list-style: none;
    background: ${theme.color.surface}; border: 1px solid ${theme.color.border}; border-radius: 8px; box-shadow: ${theme.shadow};
    max-height: 320px; overflow-y: auto;
  }
  [role='option'] { min-height: ${theme.touch}; padding: 6px 12px; display: flex; flex-direction: column; justify-content: center; cursor: pointer; }
  [role='option'] small { color: ${theme.color.muted}; }
  [role='option'][aria-selected='true'] { background: #e6eefa; outline: 2px solid ${theme.color.brand}; outline-offset: -2px; }
`

/** An accessible combobox (ARIA 1.2 list autocomplete) that fills address fields from the suggestions port. */
export function AddressSearch({ onPick }: { onPick: (fill: AddressFill) => void }) {
  const { t } = useLingui()
  const id = useId()
  const [query, setQuery] = useState('')
  const [options, setOptions] = useState<AddressSuggestion[]>([])
  const [active, setActive] = useState(-1)
  const [open, setOpen] = useState(false)
  const latest = useRef(0)

  useEffect(() => {
    const ask = ++latest.current
    if (query.trim().length < 2) return setOptions([])
    void addressSuggestions()
      .then((port) => port.suggest(query))
      .then((found) => {
        // Only the answer to the latest keystroke counts.
        if (ask !== latest.current) return
        setOptions(found)
        setActive(-1)
      })
      .catch(() => setOptions([]))
  }, [query])

  const choose = (option: AddressSuggestion) => {
    setQuery(`${option.label}, ${option.detail}`)
    setOpen(false)
    void addressSuggestions()
      .then((port) => port.pick(option))
      .then(onPick)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(true)
      if (options.length === 0) return
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((i) => (i + step + options.length) % options.length)
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault()
      choose(options[active])
    } else if (e.key === 'Escape') {
      setOpen(false)
    }
  }

  const expanded = open && options.length > 0
  const listId = `${id}-list`
  return (
    <Box>
      <FieldBox>
        <label htmlFor={`${id}-input`}>
          <Trans>Find your town</Trans>
        </label>
        <input
          id={`${id}-input`}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          placeholder={t`Start typing a town or city`}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value)
            setOpen(true)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
      </FieldBox>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows listbox on ul and option on li (the combobox pattern) */}
      <ul id={listId} role="listbox" aria-label={t`Suggestions`} hidden={!expanded}>
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the combobox pattern keeps focus in the input, which points at the option (aria-activedescendant)
          <li
            key={option.id}
            id={`${id}-opt-${index}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows role=option on li
            role="option"
            aria-selected={index === active}
            // mousedown, not click: the input must not lose focus (and close the list) first.
            onMouseDown={(e) => {
              e.preventDefault()
              choose(option)
            }}
          >
            <span>{option.label}</span>
            <small>{option.detail}</small>
          </li>
        ))}
      </ul>
    </Box>
  )
}
