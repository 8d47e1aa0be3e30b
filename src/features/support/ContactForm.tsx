import type { FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SupportMessageInput } from '../../domain/support.ts'
import type { FieldErrors } from '../../domain/fieldErrors.ts'
import { Button } from '../../ui/Button.tsx'
import { TextAreaField } from '../../ui/forms/TextAreaField.tsx'
import { TextField } from '../../ui/forms/TextField.tsx'
import { translateSupportMessage } from './supportMessages.ts'

export type SupportField = keyof SupportMessageInput
/** Screen order, for focusing the first invalid field. */
export const SUPPORT_FIELDS: readonly SupportField[] = ['name', 'email', 'message']

interface Props {
  values: SupportMessageInput
  errors: FieldErrors
  busy: boolean
  onChange: (field: SupportField, value: string) => void
  onSubmit: () => void
}

/** The Contact Us inputs: Name, Email (an email input), Message and Submit. */
export function ContactForm({ values, errors, busy, onChange, onSubmit }: Props) {
  const { t, i18n } = useLingui()
  const field = (name: SupportField) => ({
    id: `support-${name}`,
    name,
    value: values[name],
    onValue: (value: string) => onChange(name, value),
    error: errors[name] === undefined ? undefined : translateSupportMessage(i18n, errors[name]),
    'aria-required': true,
  })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    onSubmit()
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t`Contact Us`}>
      <TextField {...field('name')} label={<Trans>Name</Trans>} autoComplete="name" />
      <TextField {...field('email')} type="email" label={<Trans>Email</Trans>} autoComplete="email" />
      <TextAreaField {...field('message')} label={<Trans>Message</Trans>} rows={6} />
      <Button type="submit" disabled={busy}>
        {busy ? <Trans>Sending…</Trans> : <Trans>Submit</Trans>}
      </Button>
    </form>
  )
}
