import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { PUSH_CATEGORIES, type PushCategory } from '../../domain/push.ts'
import { Notice } from '../../ui/Notice.ts'
import { Muted } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import type { usePushDevice } from './usePushDevice.ts'

const NAMES: Record<PushCategory, MessageDescriptor> = {
  payments: msg`Payments`,
  services: msg`SIM and plan changes`,
  usage: msg`Usage alerts`,
}
const ABOUT: Record<PushCategory, MessageDescriptor> = {
  payments: msg`Payments received or failed, and refunds.`,
  services: msg`Plan changes, bundles added, SIM activation and RICA.`,
  usage: msg`When a bundle is 50, 80 and 100 percent used.`,
}

const List = styled('ul')`
  list-style: none; margin: 0 0 12px; padding: 0;
  li { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 8px 0; border-bottom: 1px solid ${theme.color.border}; }
  li:last-child { border-bottom: 0; }
`

// A switch: the whole label is the touch target; the track shows on or off, the state is read out by aria-checked.
const Switch = styled('button')`
  display: flex; align-items: center; justify-content: space-between; gap: 12px; width: 100%; min-width: 0; min-height: ${theme.touch};
  background: none; border: 0; padding: 0; font: inherit; font-weight: 600; color: ${theme.color.text}; text-align: left; cursor: pointer;
  .track { flex: none; position: relative; width: 46px; height: 26px; border-radius: 13px; background: ${theme.color.muted}; transition: background .15s; }
  .track::after { content: ''; position: absolute; top: 3px; left: 3px; width: 20px; height: 20px; border-radius: 50%; background: #fff; transition: left .15s; }
  &[aria-checked='true'] .track { background: ${theme.color.brand}; }
  &[aria-checked='true'] .track::after { left: 23px; }
  &:disabled { cursor: not-allowed; opacity: .6; }
`
// Long words (Gebruikwaarskuwings, zokusetyenziswa) wrap at 200% text instead of pushing the switch off the screen.
const Label = styled('span')`
  flex: 1; display: block; min-width: 0; overflow-wrap: anywhere;
  .about { display: block; font-weight: 400; font-size: 14px; color: ${theme.color.muted}; }
`

/**
 * The notification categories of this device as switches. A switch asks the browser's permission only when tapped;
 * a browser without push says so, iOS Safari outside the installed app shows how to add it to the Home Screen, and a
 * refused permission says how to allow it again.
 */
export function NotificationSwitches({ push, online }: { push: ReturnType<typeof usePushDevice>; online: boolean }) {
  const { i18n } = useLingui()
  const id = useId()
  const { state, toggle } = push
  if (state.support === 'install-first')
    return (
      <Notice role="note">
        <Trans>
          To get notifications on an iPhone or iPad, add this app to your Home Screen first: tap Share, then Add to Home Screen, and open the app from there.
        </Trans>
      </Notice>
    )
  if (state.support === 'unsupported')
    return (
      <Muted role="note">
        <Trans>This browser cannot show notifications from the app.</Trans>
      </Muted>
    )
  const denied = state.permission === 'denied'
  const on = (category: PushCategory) => !denied && (state.device?.categories.includes(category) ?? false)
  return (
    <>
      <List>
        {PUSH_CATEGORIES.map((category) => (
          <li key={category}>
            <Switch
              type="button"
              role="switch"
              aria-checked={on(category)}
              aria-describedby={`${id}-${category}`}
              disabled={denied || state.busy || !online || state.device === undefined}
              onClick={() => void toggle(category)}
            >
              <Label>
                {i18n._(NAMES[category])}
                <span className="about" id={`${id}-${category}`}>
                  {i18n._(ABOUT[category])}
                </span>
              </Label>
              <span className="track" aria-hidden="true" />
            </Switch>
          </li>
        ))}
      </List>
      {denied && (
        <Notice role="note">
          <Trans>
            Notifications are blocked for this site. To allow them again, open your browser's site settings (the icon beside the address), allow notifications,
            then come back here.
          </Trans>
        </Notice>
      )}
      {!online && !denied && (
        <Muted role="status">
          <Trans>Changing notifications needs a connection.</Trans>
        </Muted>
      )}
      <OutcomeNotice outcome={state.outcome} />
    </>
  )
}

function OutcomeNotice({ outcome }: { outcome: ReturnType<typeof usePushDevice>['state']['outcome'] }) {
  if (outcome === null || outcome === 'denied') return null
  return (
    <Notice $tone={outcome === 'dismissed' ? 'info' : 'error'} role="alert">
      {outcome === 'dismissed' ? (
        <Trans>Notifications stay off: the browser's question was closed without an answer. Tap again to be asked again.</Trans>
      ) : outcome === 'no-answer' ? (
        <Trans>Notifications need a connection. Try again when you are back online.</Trans>
      ) : outcome === 'refused' ? (
        <Trans>The shop did not accept this browser's notifications. Try another browser.</Trans>
      ) : (
        <Trans>This browser could not turn notifications on. Try again later.</Trans>
      )}
    </Notice>
  )
}
