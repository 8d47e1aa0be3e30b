import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import type { User } from '../../domain/account.ts'
import { fieldErrors, type FieldErrors } from '../../domain/fieldErrors.ts'
import { SupportMessageSchema } from '../../domain/support.ts'
import type { SupportIssue } from '../../api/support.ts'
import { keepDataOnDevice } from '../../pwa/state.ts'
import { Card } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'
import { useInlineError } from '../../ui/forms/useInlineError.ts'
import { FormError } from '../../ui/forms/FormError.tsx'
import { ContactForm, SUPPORT_FIELDS, type SupportField } from './ContactForm.tsx'
import { SupportStatus } from './SupportStatus.tsx'
import { useOutbox } from '../../outbox/outbox.ts'
import { queueSupportMessage, SUPPORT_MESSAGE, type SupportOutcome } from './supportQueue.ts'
import { issueField, type SupportItem } from './supportView.ts'
import { useSupportDraft } from './useSupportDraft.ts'
import { useSupportItems } from './useSupportItems.ts'
import { Section } from '../../ui/Section.tsx'

const Box = styled(Card)`
  h2 { margin: 0 0 12px; font-size: 20px; }
`

/** A refusal's messages by field (the first per field); messages naming no field show with the message's status. */
function refusalErrors(issues: readonly SupportIssue[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const field = issueField(issue.path)
    if (field && errors[field] === undefined) errors[field] = issue.message
  }
  return errors
}

function focusFirst(errors: FieldErrors): boolean {
  const first = SUPPORT_FIELDS.find((f) => errors[f] !== undefined)
  if (first) document.getElementById(`support-${first}`)?.focus()
  return first !== undefined
}

/** Contact Us: validated here, then committed to the outbox and sent (at once, or when the connection returns). */
export function SupportContact({ customer }: { customer: User }) {
  const { t } = useLingui()
  const outbox = useOutbox()
  const failure = useInlineError()
  const [values, setValues] = useSupportDraft(customer.id, () => ({
    name: `${customer.first_name} ${customer.last_name}`.trim(),
    email: customer.email,
    message: '',
  }))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const { items, track, dismiss } = useSupportItems(customer.id)

  const change = (field: SupportField, value: string) => {
    setValues((d) => ({ ...d, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const submit = async () => {
    const found = fieldErrors(SupportMessageSchema, values)
    setErrors(found)
    if (focusFirst(found)) return
    setBusy(true)
    failure.clear()
    try {
      const id = await queueSupportMessage(customer.id, v.parse(SupportMessageSchema, values))
      track(id)
      // A queued message must survive storage pressure until it is sent.
      void keepDataOnDevice().catch(() => false)
      const outcome = (await outbox.sendNow<SupportOutcome>(SUPPORT_MESSAGE).catch(() => [])).find((o) => o.id === id)
      if (outcome?.kind === 'rejected') {
        const refused = refusalErrors(outcome.issues)
        setErrors(refused)
        focusFirst(refused)
      } else {
        // Sent, or safely queued: the text lives on in the outbox, not in the form.
        setValues((d) => ({ ...d, message: '' }))
        // On a phone the answer shows above the form, out of sight of the Submit button.
        document.getElementById('support-status')?.scrollIntoView({ block: 'nearest' })
      }
    } catch {
      failure.fail(t`Your message could not be saved on this device. Please try again.`)
    } finally {
      setBusy(false)
    }
  }

  const edit = (item: Extract<SupportItem, { state: 'rejected' }>) => {
    if (!item.message) return
    setValues(item.message)
    const refused = refusalErrors(item.issues)
    setErrors(refused)
    dismiss(item.id)
    if (!focusFirst(refused)) document.getElementById('support-message')?.focus()
  }

  return (
    <Section id="support-contact" frame={Box} title={<Trans>Contact Us</Trans>}>
      <SupportStatus items={items} onEdit={edit} />
      <FormError message={failure.error} announced />
      <ContactForm values={values} errors={errors} busy={busy} onChange={change} onSubmit={() => void submit()} />
    </Section>
  )
}
