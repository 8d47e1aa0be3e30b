import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { fetchPushSubscriptions, removePushSubscription } from '../../api/push.ts'
import { formatDate } from '../../domain/dates.ts'
import type { PushSubscriptionView } from '../../domain/push.ts'
import { Button } from '../../ui/Button.tsx'
import { FormError } from '../../ui/forms/FormError.tsx'
import { Muted } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { QuietHoursSelect } from './QuietHoursSelect.tsx'

const List = styled('ul')`
  list-style: none; margin: 0; padding: 0;
  li { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 8px 0; border-bottom: 1px solid ${theme.color.border}; }
  li:last-child { border-bottom: 0; }
  .device { flex: 1; min-width: 0; overflow-wrap: anywhere; }
  .when { display: block; font-size: 14px; color: ${theme.color.muted}; }
  .quiet { margin-top: 8px; }
  .quiet .about { font-size: 14px; }
  button { flex: none; }
`

type Listed = { kind: 'loading' } | { kind: 'shown'; subscriptions: PushSubscriptionView[] } | { kind: 'failed'; message: string }

/**
 * The devices that get this customer's notifications, each removable. Removing this device's own also stops it here,
 * so the next start does not store it again.
 */
export function DeviceSubscriptions({
  online,
  thisDevice,
  onThisDeviceRemoved,
}: {
  online: boolean
  /** The server's id of this device's row, when this device is subscribed. */
  thisDevice: number | null
  onThisDeviceRemoved: () => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const [listed, setListed] = useState<Listed>({ kind: 'loading' })
  const [removing, setRemoving] = useState<number | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    if (!online) return
    let current = true
    fetchPushSubscriptions().then(
      (subscriptions) => current && setListed({ kind: 'shown', subscriptions }),
      (e: Error) => current && setListed({ kind: 'failed', message: e.message }),
    )
    return () => {
      current = false
    }
  }, [online])

  const remove = async (subscription: PushSubscriptionView) => {
    setRemoving(subscription.id)
    setFailure(null)
    try {
      await removePushSubscription(subscription.id)
      if (subscription.id === thisDevice) await onThisDeviceRemoved()
      setListed((l) => (l.kind === 'shown' ? { kind: 'shown', subscriptions: l.subscriptions.filter((s) => s.id !== subscription.id) } : l))
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e))
    } finally {
      setRemoving(null)
    }
  }

  const changed = (subscription: PushSubscriptionView) =>
    setListed((l) => (l.kind === 'shown' ? { kind: 'shown', subscriptions: l.subscriptions.map((s) => (s.id === subscription.id ? subscription : s)) } : l))

  if (!online)
    return (
      <Muted role="status">
        <Trans>The devices that get your notifications show when you are online.</Trans>
      </Muted>
    )
  if (listed.kind === 'loading')
    return (
      <Muted role="status">
        <Trans>Loading the devices that get your notifications…</Trans>
      </Muted>
    )
  if (listed.kind === 'failed') return <FormError message={listed.message} />
  if (listed.subscriptions.length === 0)
    return (
      <Muted>
        <Trans>No device gets your notifications.</Trans>
      </Muted>
    )
  return (
    <>
      <FormError message={failure} />
      <List aria-label={t`Devices that get your notifications`}>
        {listed.subscriptions.map((s) => {
          const device = s.id === thisDevice ? t`${s.device} (this device)` : s.device
          const since = formatDate(s.createdAt, i18n.locale, 'moment')
          const lastSeen = formatDate(s.lastSeenAt, i18n.locale, 'moment')
          return (
            <li key={s.id}>
              <div className="device">
                {device}
                <span className="when">
                  <Trans>
                    Added {since}, last seen {lastSeen}
                  </Trans>
                </span>
                {s.id === thisDevice && <QuietHoursSelect subscription={s} online={online} onChanged={changed} />}
              </div>
              <Button type="button" $variant="secondary" disabled={removing !== null} aria-label={t`Remove ${device}`} onClick={() => void remove(s)}>
                <Trans>Remove</Trans>
              </Button>
            </li>
          )
        })}
      </List>
    </>
  )
}
