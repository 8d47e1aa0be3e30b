import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { usePwa } from '../../pwa/state.ts'
import { Muted } from '../../ui/Page.tsx'
import { NotificationsCard } from './notificationStyles.ts'
import { Section } from '../../ui/Section.tsx'
import { DeviceSubscriptions } from './DeviceSubscriptions.tsx'
import { NotificationSwitches } from './NotificationSwitches.tsx'
import { usePushDevice } from './usePushDevice.ts'

/** On /profile: which notifications this device gets, and every device that gets them. */
export function NotificationsSection({ offline }: { offline: boolean }) {
  const heading = useId()
  const { online } = usePwa()
  const connected = online && !offline
  const push = usePushDevice()
  const device = push.state.device
  return (
    <Section id={heading} frame={NotificationsCard} title={<Trans>Notifications</Trans>}>
      <Muted style={{ marginBottom: 12 }}>
        <Trans>Get a notification on this device when something changes, even when the app is closed.</Trans>
      </Muted>
      <NotificationSwitches push={push} online={connected} />
      <h3>
        <Trans>Devices</Trans>
      </h3>
      {/* Read again (a new key) whenever this device's subscription changed. */}
      <DeviceSubscriptions key={JSON.stringify(device ?? null)} online={connected} thisDevice={device?.id ?? null} onThisDeviceRemoved={push.forgetDevice} />
    </Section>
  )
}
