import { useLingui } from '@lingui/react/macro'
import { chooseLanguage, startLanguage, useLoadingLanguage } from '../i18n/language.ts'
import { isLocale, locales } from '../i18n/locales.ts'
import { styled, keyframes } from '../ui/styled.ts'
import { theme } from '../ui/theme.ts'
import { GlobeIcon } from '../ui/icons.tsx'

const spin = keyframes`to { transform: rotate(360deg) }`

const Label = styled('label')`
  position: relative; display: inline-flex; align-items: center; gap: 4px; color: ${theme.color.text};
  select {
    min-height: ${theme.touch}; padding: 0 6px; border: 1px solid ${theme.color.border}; border-radius: 8px;
    background: ${theme.color.surface}; color: inherit; font: inherit; font-size: 14px; font-weight: 600;
  }
  svg { flex: none; }
  .busy {
    flex: none; width: 16px; height: 16px; border-radius: 50%;
    border: 2px solid ${theme.color.border}; border-top-color: ${theme.color.brand}; animation: ${spin} .8s linear infinite;
  }
  @media (max-width: 400px) {
    select { padding: 0 2px; }
    svg { display: none; }
    .busy { position: absolute; top: -4px; right: -4px; background: ${theme.color.surface}; }
  }
`

/**
 * Takes the header's language picks from the browser's `input` event, before React handles it: React sets a
 * controlled select back to the value it renders when it hydrates it (or commits it again), so a pick made while the
 * server's header was still hydrating reached onChange as the old language and was dropped. Call once, before the
 * app hydrates or renders.
 */
export function takeLanguagePicks(page: Document): void {
  page.addEventListener(
    'input',
    (event) => {
      const select = event.target
      if (select instanceof HTMLSelectElement && select.name === 'language' && isLocale(select.value)) void chooseLanguage(select.value)
    },
    true,
  )
}

// React wants a handler on a controlled select; the pick itself is taken by takeLanguagePicks().
const pickTakenEarlier = () => {}

/** The language selector of the header: en, xh, af; while a language loads it shows that choice with a spinner. */
export function LanguageSelect() {
  const { i18n, t } = useLingui()
  const loading = useLoadingLanguage()
  return (
    <Label>
      {loading ? <span className="busy" role="status" aria-label={t`Loading`} /> : <GlobeIcon />}
      <select
        name="language"
        aria-label={t`Language`}
        aria-busy={loading !== null}
        value={loading ?? i18n.locale}
        // The language machine loads once the app runs; a customer reaching for the selector before that starts it.
        onFocus={() => void startLanguage().catch(() => undefined)}
        onChange={pickTakenEarlier}
      >
        {Object.entries(locales).map(([code, name]) => (
          <option key={code} value={code} label={code.toUpperCase()} title={name}>
            {name}
          </option>
        ))}
      </select>
    </Label>
  )
}
