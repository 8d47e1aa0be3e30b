import { useState, type FormEvent, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { AddressSchema, type Gps, type SavedAddress } from '../../../domain/account.ts'
import { ADDRESS_FIELDS, emptyAddress, type AddressField, type AddressFill, type AddressValues } from '../../../domain/accountForm.ts'
import { fieldErrors, type FieldErrors } from '../../../domain/fieldErrors.ts'
import { Button } from '../../../ui/Button.tsx'
import { AddressForm } from '../../../ui/forms/AddressForm.tsx'
import { CheckboxField } from '../../../ui/forms/CheckboxField.tsx'
import { useOutbox } from '../../../outbox/outbox.ts'
import { toast } from '../../../lib/toaster.ts'
import { useInlineError } from '../../../ui/forms/useInlineError.ts'
import { FormError } from '../../../ui/forms/FormError.tsx'
import { ACCOUNT_EDIT, type AccountEditOutcome, queueAccountEdit } from './accountEditQueue.ts'
import { accountMessage } from '../accountMessages.ts'

/** The address being edited: an existing one, a new one (its id made now), or a refused one reopened with its message. */
export interface AddressEditing {
  addressId: string
  saved: SavedAddress | null
  isDefault: boolean
  refusal: { reason: string; field: string | null; editId: string } | null
}

interface Props {
  customerId: number
  editing: AddressEditing
  /** The address search above the fields (the address area's); a pick fills them in. */
  search: (onPick: (fill: AddressFill) => void) => ReactNode
  onDismissed: (editId: string) => void
  onDone: () => void
}

const valuesOf = (saved: SavedAddress | null): AddressValues =>
  saved ? (Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, saved[f]])) as AddressValues) : emptyAddress()

/** Update Address and Add an address: the sign-up's address form, suggestions and messages; saved now or when back online. */
export function AddressEditor({ customerId, editing, search, onDismissed, onDone }: Props) {
  const { t, i18n } = useLingui()
  const outbox = useOutbox()
  const failure = useInlineError()
  const { addressId, saved } = editing
  const [values, setValues] = useState<AddressValues>(() => valuesOf(saved))
  const [gps, setGps] = useState<Gps | null>(saved?.gps_coordinates ?? null)
  const [isDefault, setIsDefault] = useState(editing.isDefault)
  const [refusal, setRefusal] = useState(editing.refusal)
  const [errors, setErrors] = useState<FieldErrors>(() => (editing.refusal?.field ? { [editing.refusal.field]: editing.refusal.reason } : {}))
  const [busy, setBusy] = useState(false)

  const set = (field: AddressField, value: string) => {
    setValues((old) => ({ ...old, [field]: value }))
    setErrors((old) => ({ ...old, [field]: undefined }))
  }

  const putAway = () => {
    if (refusal) onDismissed(refusal.editId)
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const typed = { ...values, gps_coordinates: gps, country: saved?.country ?? 'South Africa', deliver_to: saved?.deliver_to ?? '' }
    const found = fieldErrors(AddressSchema, typed)
    setErrors(found)
    const first = ADDRESS_FIELDS.find((f) => found[f] !== undefined)
    if (first) return document.getElementById(`profile-address-${first}`)?.focus()
    setBusy(true)
    failure.clear()
    putAway()
    let editId: string
    try {
      editId = await queueAccountEdit(customerId, {
        kind: 'address.save',
        address_id: addressId,
        address: v.parse(AddressSchema, typed),
        is_default: isDefault,
      })
    } catch {
      setBusy(false)
      return failure.fail(t`Your change could not be saved. Please try again.`)
    }
    const outcome = (await outbox.sendNow<AccountEditOutcome>(ACCOUNT_EDIT).catch(() => [])).find((o) => o.id === editId)
    if (outcome?.kind === 'refused') {
      setBusy(false)
      setRefusal({ reason: outcome.reason, field: outcome.field, editId })
      if (outcome.field) setErrors({ [outcome.field]: outcome.reason })
      return
    }
    if (outcome?.kind === 'saved') toast.success(t`Your address was saved.`, 4000)
    else toast.show(t`Saved on this device. It will be sent when you are back online.`, 4000)
    onDone()
  }

  const shownRefusal = refusal && !(refusal.field && errors[refusal.field] === refusal.reason) ? refusal.reason : null
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={saved ? t`Update Address` : t`Add an address`}>
      {shownRefusal && <FormError message={accountMessage(i18n, shownRefusal)} />}
      <FormError message={failure.error} announced />
      {search((fill) => {
        setValues((old) => ({ ...old, ...fill.fields }))
        setErrors((old) => ({ ...old, ...Object.fromEntries(Object.keys(fill.fields).map((k) => [k, undefined])) }))
        setGps(fill.gps)
      })}
      <AddressForm values={values} errors={errors} onChange={set} idPrefix="profile-address" />
      {!editing.isDefault && (
        <CheckboxField label={<Trans>Make this my default delivery address</Trans>} checked={isDefault} onChecked={setIsDefault} disabled={busy} />
      )}
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Save address</Trans>}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          disabled={busy}
          onClick={() => {
            putAway()
            onDone()
          }}
        >
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}
