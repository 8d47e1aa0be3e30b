import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate } from '../domain/dates.ts'
import { Muted } from './Page.tsx'

/** "Last updated …" for screens showing data saved on the device. */
export function LastUpdated({ at }: { at: string | null }) {
  const { i18n } = useLingui()
  if (!at) return null
  const when = formatDate(at, i18n.locale, 'moment')
  return (
    <Muted role="note">
      <Trans>Last updated {when}</Trans>
    </Muted>
  )
}
