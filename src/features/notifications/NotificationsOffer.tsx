import { Trans } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { usePwa } from '../../pwa/state.ts'
import { Muted } from '../../ui/Page.tsx'
import { NotificationsCard } from './notificationStyles.ts'
import { Section } from '../../ui/Section.tsx'
import { NotificationSwitches } from './NotificationSwitches.tsx'
import { usePushDevice } from './usePushDevice.ts'

/**
 * After a payment or a bundle bought: the offer to be told next time, with the profile's switches. Not shown where it
 * cannot help (a browser without push, a device already subscribed before this visit, notifications blocked).
 */
export function NotificationsOffer({ after }: { after: 'payment' | 'bundle' }) {
  const heading = useId()
  const { online } = usePwa()
  const push = usePushDevice()
  const { support, permission, device } = push.state
  // Whether the device was subscribed as the page opened: one subscribed by a tap here keeps the offer, its switches on.
  const [subscribedBefore, setSubscribedBefore] = useState<boolean | undefined>(undefined)
  if (device !== undefined && subscribedBefore === undefined) setSubscribedBefore(device !== null)
  if (support === 'unsupported' || permission === 'denied' || device === undefined || subscribedBefore !== false) return null
  return (
    <Section id={heading} frame={NotificationsCard} title={<Trans>Get notified</Trans>}>
      <Muted style={{ marginBottom: 12 }}>
        {after === 'bundle' ? (
          <Trans>Want to know when this bundle is running low? Turn on usage alerts for this device.</Trans>
        ) : (
          <Trans>Want to know when a payment goes through or your SIM changes? Turn on notifications for this device.</Trans>
        )}
      </Muted>
      <NotificationSwitches push={push} online={online} />
    </Section>
  )
}
