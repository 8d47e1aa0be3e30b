import { useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { AddressSchema, type Gps } from '../../domain/account.ts'
import { ADDRESS_FIELDS, emptyAddress, type AddressField, type AddressFill, type AddressValues } from '../../domain/accountForm.ts'
import type { CartState } from '../../domain/cart.ts'
import { fieldErrors, type FieldErrors } from '../../domain/fieldErrors.ts'
import { Button } from '../../ui/Button.tsx'
import { AddressForm } from '../../ui/forms/AddressForm.tsx'
import { toast } from '../../lib/toaster.ts'
import { sendNow } from '../../lib/outbox/outbox.ts'
import type { DrainOutcome } from './drain.ts'
import { ORDER_CREATE } from './orderRequest.ts'
import { placeOrder } from './placeOrder.ts'

interface Props {
  customerId: number
  cart: CartState
  /** The address search above the fields (the address area's); a pick fills them in. */
  search: (onPick: (fill: AddressFill) => void) => ReactNode
}

/** The delivery address form: validated by the address rules, then the order is placed (online or not). */
export function DeliveryAddressForm({ customerId, cart, search }: Props) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [values, setValues] = useState<AddressValues>(emptyAddress)
  const [gps, setGps] = useState<Gps | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)

  const set = (field: AddressField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const address = { ...values, gps_coordinates: gps }
    const found = fieldErrors(AddressSchema, address)
    setErrors(found)
    const first = ADDRESS_FIELDS.find((f) => found[f] !== undefined)
    if (first) return document.getElementById(`delivery-${first}`)?.focus()
    if (cart.order_lines.length === 0) return toast.error(t`Could not create the order. Please try again.`, 3000)
    setBusy(true)
    let clientId: string
    try {
      clientId = await placeOrder(customerId, cart, address)
    } catch {
      setBusy(false)
      return toast.error(t`An error occurred while submitting the address.`, 3000)
    }
    // Try at once; offline (or no answer) it stays queued and the order list shows it waiting.
    const outcome = (await sendNow<DrainOutcome>(ORDER_CREATE).catch(() => [])).find((o) => o.clientId === clientId)
    if (outcome?.kind === 'sent') return navigate({ to: '/orders/$id', params: { id: String(outcome.order.id) } })
    if (outcome?.kind === 'rejected') return navigate({ to: '/orders/$id', params: { id: clientId } })
    return navigate({ to: '/orders' })
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Delivery Address`}>
      {search((fill) => {
        setValues((v) => ({ ...v, ...fill.fields }))
        setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(fill.fields).map((k) => [k, undefined])) }))
        setGps(fill.gps)
      })}
      <AddressForm values={values} errors={errors} onChange={set} idPrefix="delivery" />
      <Button type="submit" disabled={busy}>
        {busy ? <Trans>creating order…</Trans> : <Trans>create order</Trans>}
      </Button>
    </form>
  )
}
