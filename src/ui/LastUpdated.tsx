import { Trans, useLingui } from '@lingui/react/macro'
import { Muted } from './Page.tsx'

/** "Last updated …" for screens showing data saved on the device. */
export function LastUpdated({ at }: { at: string | null }) {
  const { i18n } = useLingui()
  if (!at) return null
  const when = new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-ZA' : i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))
  return (
    <Muted role="note">
      <Trans>Last updated {when}</Trans>
    </Muted>
  )
}
