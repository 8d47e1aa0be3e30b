import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate } from '../../../domain/dates.ts'
import type { Service } from '../../../domain/service.ts'
import { Muted } from '../../../ui/Page.tsx'
import { styled } from '../../../ui/styled.ts'
import { SandboxBadge } from './SandboxBadge.tsx'

const Line = styled('div')`
  display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; margin: 0 0 12px;
`

/** Whether the network has reported the balances or usage yet (never shown as zeros when not). */
export const notReported = (service: Service): boolean => service.read_at === null

/** When the network reported the figures below, and whose network it is when it is the demo's sandbox. */
export function NetworkReading({ service }: { service: Service }) {
  const { i18n } = useLingui()
  const sandbox = service.network === 'sandbox'
  if (!service.read_at && !sandbox) return null
  const when = service.read_at && formatDate(service.read_at, i18n.locale, 'moment')
  return (
    <Line>
      {when && (
        <Muted role="note">
          <Trans>Read from the network at {when}</Trans>
        </Muted>
      )}
      {sandbox && <SandboxBadge what="figures" />}
    </Line>
  )
}
