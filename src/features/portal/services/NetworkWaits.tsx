import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate } from '../../../domain/dates.ts'
import type { NetworkRequestKind, NetworkWait } from '../../../domain/service.ts'
import { Section } from '../../../ui/Section.tsx'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'
import { Panel } from './portalStyles.ts'

const Waits = styled('ul')`
  margin: 0; padding-left: 20px; display: grid; gap: 8px;
  .failed { color: ${theme.color.error}; font-weight: 600; }
`

/** The changes sent to the network and not yet applied by it, one line each; a failed one says so and who knows. */
export function NetworkWaits({ waiting }: { waiting: readonly NetworkWait[] }) {
  const { t, i18n } = useLingui()
  if (waiting.length === 0) return null
  const kindName: Record<NetworkRequestKind, string> = {
    activate: t`Activation`,
    change_plan: t`Package change`,
    add_bundle: t`Bundle`,
    cancel: t`Cancellation`,
    suspend: t`Suspension`,
  }
  return (
    <Section frame={Panel} id="network-waits-title" title={<Trans>Changes sent to the network</Trans>}>
      <Waits>
        {waiting.map((wait) => {
          const kind = kindName[wait.kind]
          const since = formatDate(wait.since, i18n.locale, 'moment')
          return (
            <li key={`${wait.kind}-${wait.since}`}>
              {wait.failed ? (
                <span className="failed">
                  <Trans>{kind}: failed at the network. Our support team has been told; contact us if you need help.</Trans>
                </span>
              ) : (
                <Trans>
                  {kind}: waiting for the network (sent {since})
                </Trans>
              )}
            </li>
          )
        })}
      </Waits>
    </Section>
  )
}
