import { useLingui } from '@lingui/react/macro'
import { activateLocale } from '../i18n/i18n.ts'
import { isLocale, locales } from '../i18n/locales.ts'
import { toast } from './toaster.ts'
import { styled } from './styled.ts'
import { theme } from './theme.ts'
import { GlobeIcon } from './icons.tsx'

const Label = styled('label')`
  position: relative; display: inline-flex; align-items: center; gap: 4px; color: ${theme.color.text};
  select {
    min-height: ${theme.touch}; padding: 0 6px; border: 1px solid ${theme.color.border}; border-radius: 8px;
    background: ${theme.color.surface}; color: inherit; font: inherit; font-size: 14px; font-weight: 600;
  }
  svg { flex: none; }
  @media (max-width: 400px) { svg { display: none; } }
`

/** The language selector of the header: en, xh, af. */
export function LanguageSelect() {
  const { i18n, t } = useLingui()
  return (
    <Label>
      <GlobeIcon />
      <select
        aria-label={t`Language`}
        value={i18n.locale}
        onChange={(e) => {
          const next = e.currentTarget.value
          if (isLocale(next))
            activateLocale(next).catch(() => toast.error(t`Could not load that language. Please try again.`))
        }}
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
