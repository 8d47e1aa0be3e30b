import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '../../../api/client.ts'
import { confirmsDeletion, DELETE_WORDS, normaliseConfirmation } from '../../../domain/accountDeletionRequest.ts'
import { messages } from '../../../domain/account.ts'
import { isLanguage } from '../../../domain/languageCodes.ts'
import { toast } from '../../../lib/toaster.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { Button } from '../../../ui/Button.tsx'
import { PasswordField } from '../../../ui/forms/PasswordField.tsx'
import { TextField } from '../../../ui/forms/TextField.tsx'
import { deleteMyAccount } from './accountDeletion.ts'
import { DeletionConsequences } from './DeletionConsequences.tsx'
import { DangerButton, Notice } from './privacyStyles.ts'
import { useAuth } from '../../../lib/sessionStore.ts'
import { Dialog } from './dialogStyles.ts'
import { FormError } from '../../../ui/forms/FormError.tsx'

interface Props {
  customerId: number
  offline: boolean
  onClose: () => void
}

/** The confirmation: what deletion does first, then the password and the typed word; the server does the rest. */
export function DeleteAccountDialog({ customerId, offline, onClose }: Props) {
  const { t, i18n } = useLingui()
  const auth = useAuth()
  const navigate = useNavigate()
  const dialog = useRef<HTMLDialogElement>(null)
  const title = useId()
  const [password, setPassword] = useState('')
  const [typed, setTyped] = useState('')
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string; form?: string }>({})
  const [busy, setBusy] = useState(false)
  const word = DELETE_WORDS[isLanguage(i18n.locale) ? i18n.locale : 'en']

  useEffect(() => {
    const shown = dialog.current
    shown?.showModal()
    return () => shown?.close()
  }, [])

  const refusal = (error: ApiError) => {
    if (error.status === 403) return { password: translateMessage(i18n, error.message) }
    if (error.status === undefined) return { form: t`Could not reach the server. Check your connection and try again.` }
    // The session ended meanwhile (another device, an expiry): the app finds out and leaves the page.
    if (error.status === 401) void auth.recheckSession()
    return { form: translateMessage(i18n, error.message) }
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const found = {
      ...(password === '' ? { password: translateMessage(i18n, messages.passwordRequired) } : {}),
      ...(confirmsDeletion(typed, isLanguage(i18n.locale) ? i18n.locale : 'en') ? {} : { confirmation: t`Type ${word} exactly as shown to confirm.` }),
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      await deleteMyAccount(auth, customerId, { password, confirmation: normaliseConfirmation(typed) })
    } catch (error) {
      setErrors(refusal(error instanceof ApiError ? error : new ApiError(String(error), undefined)))
      setBusy(false)
      return
    }
    toast.success(t`Your account has been deleted.`, 5000)
    await navigate({ to: '/' })
  }

  return (
    <Dialog ref={dialog} aria-labelledby={title} onClose={onClose} onCancel={(e) => busy && e.preventDefault()}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={title}>
          <Trans>Delete your account?</Trans>
        </h2>
        <DeletionConsequences />
        {offline && (
          <Notice role="status">
            <Trans>Deleting your account needs a connection. What you typed is kept until you are back online.</Trans>
          </Notice>
        )}
        <FormError message={errors.form} />
        <PasswordField
          id="delete-password"
          label={<Trans>Password</Trans>}
          value={password}
          onValue={setPassword}
          error={errors.password}
          autoComplete="current-password"
        />
        <p className="hint">
          <Trans>
            Signed up with Google, Facebook or Twitter and never chose a password? Log out, choose one with “Forgot your password?” on the sign-in page, then
            come back here.
          </Trans>
        </p>
        <TextField
          id="delete-confirmation"
          label={<Trans>Type {word} to confirm</Trans>}
          value={typed}
          onValue={setTyped}
          error={errors.confirmation}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <div className="actions">
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => dialog.current?.close()}>
            <Trans>Cancel</Trans>
          </Button>
          <DangerButton type="submit" disabled={offline || busy}>
            {busy ? <Trans>Deleting…</Trans> : <Trans>Delete my account</Trans>}
          </DangerButton>
        </div>
      </form>
    </Dialog>
  )
}
