import { useEffect, useRef, type FormEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { ADDRESS_FIELDS, PERSONAL_FIELDS, type AddressField, type PersonalField } from '../../../domain/accountForm.ts'
import type { FieldErrors } from '../../../domain/fieldErrors.ts'
import { Button } from '../../../ui/Button.tsx'
import { AddressForm } from '../../../ui/forms/AddressForm.tsx'
import { useInlineError } from '../../../ui/forms/useInlineError.ts'
import { FormError } from '../../../ui/forms/FormError.tsx'
import { PersonalStep } from './PersonalStep.tsx'
import { createAccount } from '../../../api/account.ts'
import { pageToasts } from '../../../lib/devicePorts.ts'
import { useAuth } from '../../../lib/sessionStore.ts'
import { provideSignup, type SignupUi } from './signupEffects.ts'
import { useLeaveWhenSignedIn } from './useLeaveWhenSignedIn.ts'

/** Moves the focus to the first field in screen order that has a message. */
function focusFirstInvalid(order: readonly string[], errors: FieldErrors): void {
  const first = order.find((field) => errors[field] !== undefined)
  if (first) document.getElementById(`signup-${first}`)?.focus()
}

/** The two-step sign-up (personal details, then address), driven by the sign-up machine. */
export function SignupWizard() {
  const navigate = useNavigate()
  const { t, i18n } = useLingui()
  const { adoptCustomer } = useAuth()
  const failure = useInlineError()
  // The machine's announcements run later; they read the current translator and router through this.
  const ui = useRef<SignupUi>({ navigate, i18n, fail: failure.fail })
  ui.current = { navigate, i18n, fail: failure.fail }
  const actor = useActorRef(provideSignup({ api: { createAccount }, session: { adopt: adoptCustomer }, toast: pageToasts, ui }))
  const step = useSelector(actor, (s) => (s.matches('personal') ? 'personal' : 'address'))
  const submitting = useSelector(actor, (s) => s.matches('submitting') || s.matches('done'))
  // A customer already signed in has no account to create: the page moves on (not while this sign-up finishes).
  useLeaveWhenSignedIn(undefined, submitting)
  const personal = useSelector(actor, (s) => s.context.personal)
  const address = useSelector(actor, (s) => s.context.address)
  const errors = useSelector(actor, (s) => s.context.errors)
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the new step's heading each time the step changes
  useEffect(() => {
    if (firstRender.current) firstRender.current = false
    else stepHeading.current?.focus()
  }, [step])

  const set = (field: PersonalField | AddressField, value: string) => actor.send({ type: 'signup.field.set', field, value })

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (step === 'personal') {
      actor.send({ type: 'signup.next' })
      focusFirstInvalid(PERSONAL_FIELDS, actor.getSnapshot().context.errors)
    } else {
      failure.clear()
      actor.send({ type: 'signup.submit' })
      focusFirstInvalid(ADDRESS_FIELDS, actor.getSnapshot().context.errors)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t`Create an Account`}>
      <h2 ref={stepHeading} tabIndex={-1}>
        {step === 'personal' ? <Trans>Step 1 of 2: Personal details</Trans> : <Trans>Step 2 of 2: Address</Trans>}
      </h2>
      {step === 'personal' ? (
        <PersonalStep values={personal} errors={errors} onChange={set} />
      ) : (
        <AddressForm values={address} errors={errors} onChange={set} idPrefix="signup" />
      )}
      <FormError message={failure.error} announced />
      <div className="actions">
        {step === 'address' && (
          <Button type="button" $variant="secondary" disabled={submitting} onClick={() => actor.send({ type: 'signup.back' })}>
            <Trans>Back</Trans>
          </Button>
        )}
        {step === 'personal' ? (
          <Button type="submit">
            <Trans>Next</Trans>
          </Button>
        ) : (
          <Button type="submit" disabled={submitting}>
            {submitting ? <Trans>Creating account…</Trans> : <Trans>Submit</Trans>}
          </Button>
        )}
      </div>
    </form>
  )
}
