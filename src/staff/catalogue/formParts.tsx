import { Trans, useLingui } from '@lingui/react/macro'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { staffLanguages } from '../i18n.ts'
import { Field } from '../ui/parts.tsx'
import { styled } from '../ui/styled.ts'
import { staffTheme as theme } from '../ui/theme.ts'

/** A state or a missing translation, as a tag the eye finds in a long list. */
export const Tag = styled('span')<{ $tone: 'good' | 'quiet' | 'warn' }>`
  display: inline-block; padding: 2px 8px; border-radius: 999px; font-size: 14px; font-weight: 600; margin: 0 4px 4px 0; border: 1px solid;
  ${(p) =>
    p.$tone === 'good'
      ? `color:${theme.color.success};border-color:${theme.color.success};`
      : p.$tone === 'warn'
        ? `color:${theme.color.error};border-color:${theme.color.error};`
        : `color:${theme.color.muted};border-color:${theme.color.muted};`}
`

/** A form's problems by field, each in the member's language. */
export type Problems<Name extends string> = Partial<Record<Name, string>>

const Problem = styled('p')`
  color: ${theme.color.error}; font-weight: 600; margin: 0;
`

/** A labelled input with its hint and, once the form was sent, its problem (tied to it by aria-describedby). */
export function TextInput({
  label,
  hint,
  problem,
  value,
  onValue,
  ...rest
}: { label: ReactNode; hint?: ReactNode; problem?: string | undefined; value: string; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  return (
    <Field label={label} hint={hint}>
      {(id, hintId) => (
        <>
          <input
            {...rest}
            id={id}
            value={value}
            onChange={(event) => onValue(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={[hintId, problem ? `${id}-problem` : undefined].filter(Boolean).join(' ') || undefined}
          />
          {problem && <Problem id={`${id}-problem`}>{problem}</Problem>}
        </>
      )}
    </Field>
  )
}

const LanguageBox = styled('fieldset')`
  border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; padding: 12px; margin: 0 0 12px; min-width: 0;
  legend { font-weight: 700; padding: 0 4px; }
  .missing { margin: 0 0 8px; color: ${theme.color.muted}; }
`

/**
 * One language's texts. A translation left empty is missing, and says so: the shop shows those customers the English
 * meanwhile, and the form never fills it in with the English.
 */
export function LanguageFields({ language, missing, children }: { language: 'en' | 'xh' | 'af'; missing: boolean; children: ReactNode }) {
  const { t } = useLingui()
  const name = staffLanguages[language]
  return (
    <LanguageBox lang={language === 'en' ? undefined : language}>
      <legend>
        {name}
        {language === 'en' ? ` (${t`required`})` : ''}
      </legend>
      {language !== 'en' && missing && (
        <p className="missing">
          <Tag $tone="warn">
            <Trans>{name} missing</Trans>
          </Tag>{' '}
          <Trans>Customers who chose {name} see the English until it is written here.</Trans>
        </p>
      )}
      {children}
    </LanguageBox>
  )
}

/** Rand as typed (279, 279.50, 279,50 or R279): the number, or undefined when it is not a price in rand and cents. */
export function parseRand(typed: string): number | undefined {
  const bare = typed
    .replace(/[\s\u00a0]/g, '')
    .replace(/^R/i, '')
    .replace(',', '.')
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(bare)) return undefined
  return Number(bare)
}

/** A whole number as typed (the order on the page), or undefined. */
export function parseWhole(typed: string, least: number, most: number): number | undefined {
  const bare = typed.trim()
  if (!/^-?\d{1,10}$/.test(bare)) return undefined
  const value = Number(bare)
  return value >= least && value <= most ? value : undefined
}

/** The smallest position after every entry's, for a new one to come last. */
export const nextPosition = (entries: readonly { position: number }[]) => Math.max(0, ...entries.map((e) => e.position)) + 1
