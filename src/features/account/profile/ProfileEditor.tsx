import { useEffect, useRef, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import type { ProfileEditInput } from '../../../../machines/profileEdit.machine.ts'
import type { AccountView } from '../../../domain/accountView.ts'
import { requestEmailChange } from '../../../api/accountEdits.ts'
import { deviceStore, pageToasts } from '../../../lib/devicePorts.ts'
import { useAuth } from '../../../lib/sessionStore.ts'
import { useOutbox } from '../../../outbox/outbox.ts'
import { focusFirstInvalid, ProfileForm } from './ProfileForm.tsx'
import { provideProfileEdit } from './profileEditEffects.ts'
import type { IdType } from '../../../domain/identityDocument.ts'

interface Props {
  customerId: number
  input: ProfileEditInput
  view: AccountView
  /** The ID number, shown and never edited. */
  /** The ID number masked, as the server answers it; a passport's type and country beside it. */
  idNumber: string
  idType?: IdType
  idCountry?: string
  /** What the card shows while the form is away (the edit waits for the outbox, or is over). */
  children: ReactNode
  /** A refused edit was put away or typed again: it must not reopen. */
  onDismissed: (editId: string) => void
  /** The edit is over (saved, sent, put away): the card may start another. */
  onEnd: () => void
}

/**
 * One Update Profile, driven by the profile edit machine: the form while it is typed, saved or refused; while the
 * edit waits for the connection the card shows the profile, and the outbox's answer (seen in the device's record of
 * the account) comes back to the machine, which reopens the form on a refusal.
 */
export function ProfileEditor({ customerId, input, view, idNumber, idType, idCountry, children, onDismissed, onEnd }: Props) {
  const { i18n } = useLingui()
  const { adoptCustomer } = useAuth()
  const outbox = useOutbox()
  const ui = useRef({ i18n, onDismissed, onEnd })
  ui.current = { i18n, onDismissed, onEnd }
  const actor = useActorRef(
    provideProfileEdit({
      customerId: () => customerId,
      store: deviceStore,
      outbox,
      api: { requestEmailChange },
      session: { adopt: adoptCustomer },
      toast: pageToasts,
      ui,
    }),
    { input },
  )
  const state = useSelector(actor, (s) => (s.status === 'done' ? 'over' : (s.value as string)))
  const context = useSelector(actor, (s) => s.context)

  useEffect(() => {
    if (state === 'over') ui.current.onEnd()
  }, [state])

  // The queued edit's answer, as the device recorded it (in this tab's drain or another's).
  const editId = context.outcome?.editId ?? null
  const refused = view.refused.find((r) => r.id === editId)
  const stillWaiting = editId !== null && view.waiting.has(editId)
  useEffect(() => {
    if (state !== 'queued' || editId === null) return
    if (refused) actor.send({ type: 'profile.refused', reason: refused.reason, field: refused.field, editId })
    else if (!stillWaiting) actor.send({ type: 'profile.sent', editId })
  }, [state, editId, refused, stillWaiting, actor])

  if (state !== 'editing' && state !== 'saving' && state !== 'refused') return children
  return (
    <ProfileForm
      current={context.current}
      values={context.values}
      password={context.password}
      identity={{ id_number: idNumber, ...(idType ? { id_type: idType } : {}), ...(idCountry === undefined ? {} : { id_country: idCountry }) }}
      errors={context.errors}
      refusal={context.refusal?.reason ?? null}
      saving={state === 'saving'}
      onChange={(field, value) => actor.send({ type: 'profile.field.set', field, value })}
      onSave={() => {
        actor.send({ type: 'profile.save' })
        focusFirstInvalid(actor.getSnapshot().context.errors)
      }}
      onCancel={() => actor.send({ type: 'profile.cancel' })}
    />
  )
}
