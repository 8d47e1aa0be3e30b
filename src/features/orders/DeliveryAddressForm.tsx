import { useState, type FormEvent, type ReactNode } from 'react'
import * as v from 'valibot'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { AddressSchema, type Gps, type SavedAddress } from '../../domain/account.ts'
import { ADDRESS_FIELDS, emptyAddress, type AddressField, type AddressFill, type AddressValues } from '../../domain/accountForm.ts'
import type { CartState } from '../../domain/cartState.ts'
import { fieldErrors, type FieldErrors } from '../../domain/fieldErrors.ts'
import { Button } from '../../ui/Button.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { AddressForm } from '../../ui/forms/AddressForm.tsx'
import { useInlineError } from '../../ui/forms/useInlineError.ts'
import { FormError } from '../../ui/forms/FormError.tsx'
import { useOutbox } from '../../outbox/outbox.ts'
import type { DrainOutcome } from './orderOutbox.ts'
import { ORDER_CREATE } from './orderRequest.ts'
import { placeOrder } from './placeOrder.ts'
import { SavedAddressChoice } from './SavedAddressChoice.tsx'

/** The choice of "Another address": the form's own fields. */
export const ANOTHER = 'another'

const Another = styled('fieldset')`
  border: 0; margin: 0; padding: 0; min-width: 0;
  legend { font-weight: 700; font-size: 17px; margin: 8px 0 12px; padding: 0; color: ${theme.color.text}; }
`

interface Props {
  customerId: number
  cart: CartState
  /** The customer's saved addresses: the default one is chosen to begin with, another may be picked. */
  addresses: readonly SavedAddress[]
  /** The address search above the fields (the address area's); a pick fills them in. */
  search: (onPick: (fill: AddressFill) => void) => ReactNode
}

/** The address an order goes to, the saved one chosen or the form's, with the address rules' messages for it. */
function chosenAddress(choice: string, addresses: readonly SavedAddress[], typed: unknown) {
  const saved = addresses.find((a) => a.id === choice)
  return saved ? { address: saved, errors: fieldErrors(AddressSchema, saved) } : { address: typed, errors: fieldErrors(AddressSchema, typed) }
}

/** The delivery address: a saved address (the default one first) or another typed in, validated by the address rules, then the order is placed (online or not). */
export function DeliveryAddressForm({ customerId, cart, addresses, search }: Props) {
  const { t } = useLingui()
  const outbox = useOutbox()
  const failure = useInlineError()
  const navigate = useNavigate()
  const [values, setValues] = useState<AddressValues>(emptyAddress)
  const [gps, setGps] = useState<Gps | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const [picked, setPicked] = useState<string | null>(null)
  // The default address is chosen until the customer picks another or types one (also when it arrives after the first render).
  const choice = picked ?? addresses.find((a) => a.is_default)?.id ?? addresses[0]?.id ?? ANOTHER

  const set = (field: AddressField, value: string) => {
    setPicked(ANOTHER)
    setValues((old) => ({ ...old, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    failure.clear()
    const chosen = chosenAddress(choice, addresses, { ...values, gps_coordinates: gps })
    const found = chosen.errors
    const first = ADDRESS_FIELDS.find((f) => found[f] !== undefined)
    if (first && choice !== ANOTHER) {
      // A saved address today's rules refuse (saved before them) is put in the form to be completed.
      const saved = addresses.find((a) => a.id === choice)
      if (saved) setValues(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, saved[f]])) as AddressValues)
      setPicked(ANOTHER)
    }
    setErrors(found)
    if (first) return document.getElementById(`delivery-${first}`)?.focus()
    const address = v.parse(AddressSchema, chosen.address)
    if (cart.order_lines.length === 0) return failure.fail(t`Could not create the order. Please try again.`)
    setBusy(true)
    let clientId: string
    try {
      clientId = await placeOrder(customerId, cart, address)
    } catch {
      setBusy(false)
      return failure.fail(t`An error occurred while submitting the address.`)
    }
    // Try at once; offline (or no answer) it stays queued and the order list shows it waiting.
    const outcome = (await outbox.sendNow<DrainOutcome>(ORDER_CREATE).catch(() => [])).find((o) => o.clientId === clientId)
    if (outcome?.kind === 'sent') return navigate({ to: '/orders/$id', params: { id: String(outcome.order.id) } })
    if (outcome?.kind === 'rejected') return navigate({ to: '/orders/$id', params: { id: clientId } })
    return navigate({ to: '/orders' })
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Delivery Address`}>
      {addresses.length > 0 && <SavedAddressChoice addresses={addresses} choice={choice} onChoose={setPicked} another={ANOTHER} />}
      <Another>
        {addresses.length > 0 && (
          <legend>
            <Trans>Another address</Trans>
          </legend>
        )}
        {search((fill) => {
          setPicked(ANOTHER)
          setValues((old) => ({ ...old, ...fill.fields }))
          setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(fill.fields).map((k) => [k, undefined])) }))
          setGps(fill.gps)
        })}
        <AddressForm values={values} errors={errors} onChange={set} idPrefix="delivery" />
      </Another>
      <FormError message={failure.error} announced />
      <Button type="submit" disabled={busy}>
        {busy ? <Trans>creating order…</Trans> : <Trans>create order</Trans>}
      </Button>
    </form>
  )
}
