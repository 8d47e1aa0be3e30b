import { useEffect, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SavedAddress } from '../../../domain/account.ts'
import type { AddressFill } from '../../../domain/accountForm.ts'
import { addressLine, type AccountView } from '../../../domain/accountView.ts'
import type { AccountEdit } from '../../../domain/profile.ts'
import { Badge } from '../../../ui/Badge.tsx'
import { Button } from '../../../ui/Button.tsx'
import { Card, Muted } from '../../../ui/Page.tsx'
import { newId } from '../../../lib/ids.ts'
import { useOutbox } from '../../../outbox/outbox.ts'
import { useInlineError } from '../../../ui/forms/useInlineError.ts'
import { FormError } from '../../../ui/forms/FormError.tsx'
import { ACCOUNT_EDIT, dismissRefusal, queueAccountEdit } from './accountEditQueue.ts'
import { accountMessage } from '../accountMessages.ts'
import { type AddressEditing, AddressEditor } from './AddressEditor.tsx'
import { AddressDetails } from './AddressDetails.tsx'

interface Props {
  customerId: number
  view: AccountView
  search: (onPick: (fill: AddressFill) => void) => ReactNode
}

/** A refused save of an address the customer has not put away, reopened with what was typed and the message. */
function reopened(view: AccountView, putAway: ReadonlySet<string>): AddressEditing | null {
  const refused = view.refused.findLast((r) => r.edit.kind === 'address.save' && !putAway.has(r.id))
  if (refused?.edit.kind !== 'address.save') return null
  const { address_id, address, is_default } = refused.edit
  return {
    addressId: address_id,
    saved: { ...address, id: address_id },
    isDefault: is_default,
    refusal: { reason: refused.reason, field: refused.field, editId: refused.id },
  }
}

/** The customer's addresses: the default delivery address in full, the others on a line each, and what waits to be sent. */
export function AddressesCard({ customerId, view, search }: Props) {
  const { t, i18n } = useLingui()
  const outbox = useOutbox()
  const failure = useInlineError()
  const [editing, setEditing] = useState<(AddressEditing & { key: number }) | null>(null)
  const [putAway, setPutAway] = useState<ReadonlySet<string>>(() => new Set())
  const addresses = view.user.addresses
  const main = addresses.find((a) => a.is_default) ?? addresses[0]
  const others = addresses.filter((a) => a !== main)
  const refusal = reopened(view, putAway)
  // Refused removals and default choices: said once here, until the customer puts them away.
  const notices = view.refused.filter((r) => (r.edit.kind === 'address.remove' || r.edit.kind === 'address.default') && !putAway.has(r.id))

  useEffect(() => {
    if (!editing && refusal) setEditing({ ...refusal, key: Date.now() })
  }, [editing, refusal])

  const dismiss = (editId: string) => {
    setPutAway((ids) => new Set([...ids, editId]))
    void dismissRefusal(editId)
  }
  const edit = (saved: SavedAddress | undefined) =>
    setEditing({
      key: Date.now(),
      addressId: saved?.id || newId(),
      saved: saved ?? null,
      isDefault: saved ? saved.is_default === true : addresses.length === 0,
      refusal: null,
    })
  const change = async (made: AccountEdit) => {
    failure.clear()
    try {
      await queueAccountEdit(customerId, made)
    } catch {
      return failure.fail(t`Your change could not be saved. Please try again.`)
    }
    void outbox.sendNow(ACCOUNT_EDIT).catch(() => [])
  }
  const waiting = (a: SavedAddress) =>
    a.id && view.addressesWaiting.has(a.id) ? (
      <Badge $look="waiting">
        <Trans>Waiting to be sent</Trans>
      </Badge>
    ) : null

  if (editing)
    return (
      <Card aria-label={t`Address`}>
        <h2>{editing.saved ? <Trans>Update Address</Trans> : <Trans>Add an address</Trans>}</h2>
        <AddressEditor key={editing.key} customerId={customerId} editing={editing} search={search} onDismissed={dismiss} onDone={() => setEditing(null)} />
      </Card>
    )
  return (
    <Card aria-label={t`Address`}>
      <h2>
        <Trans>Address</Trans>
      </h2>
      {notices.map((n) => (
        <p role="alert" className="refusal" key={n.id}>
          {accountMessage(i18n, n.reason)}{' '}
          <Button type="button" $variant="ghost" onClick={() => dismiss(n.id)}>
            <Trans>OK</Trans>
          </Button>
        </p>
      ))}
      <FormError message={failure.error} announced />
      {main ? (
        <>
          <h3>
            <Trans>Default delivery address</Trans> {waiting(main)}
          </h3>
          <AddressDetails address={main} />
        </>
      ) : (
        <Muted style={{ marginBottom: 16 }}>
          <Trans>No address saved yet.</Trans>
        </Muted>
      )}
      <div className="actions">
        <Button type="button" onClick={() => edit(main)}>
          <Trans>Update Address</Trans>
        </Button>
        {main && (
          <Button type="button" $variant="secondary" onClick={() => edit(undefined)}>
            <Trans>Add an address</Trans>
          </Button>
        )}
      </div>
      {others.length > 0 && (
        <>
          <h3>
            <Trans>Other addresses</Trans>
          </h3>
          <ul className="addresses">
            {others.map((a) => (
              <li key={a.id || addressLine(a)}>
                <span>
                  {addressLine(a)} {waiting(a)}
                </span>
                {a.id && (
                  <span className="actions">
                    <Button type="button" $variant="secondary" onClick={() => edit(a)}>
                      <Trans>Edit</Trans>
                    </Button>
                    <Button type="button" $variant="secondary" onClick={() => void change({ kind: 'address.default', address_id: a.id as string })}>
                      <Trans>Make default</Trans>
                    </Button>
                    <Button type="button" $variant="ghost" onClick={() => void change({ kind: 'address.remove', address_id: a.id as string })}>
                      <Trans>Remove</Trans>
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  )
}
