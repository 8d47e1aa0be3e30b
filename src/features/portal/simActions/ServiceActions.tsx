import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { isActiveSim, serviceStatus, type Service } from '../../../domain/service.ts'
import { Button } from '../../../ui/Button.tsx'
import { Card, Muted } from '../../../ui/Page.tsx'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'
import { CancelDialog } from './CancelDialog.tsx'
import { PackageDialog } from './PackageDialog.tsx'
import { RenameDialog, type SimRenameActor } from './RenameDialog.tsx'
import type { ServiceChangeActor } from './useServiceChange.ts'
import { AddBundleButton } from '../bundles/AddBundleButton.tsx'

const Panel = styled(Card)`
  h2 { margin: 0 0 12px; font-size: 18px; }
  .buttons { display: grid; gap: 8px; }
  .why { margin: 0; font-size: 14px; color: ${theme.color.muted}; }
`

/**
 * The service actions: Update Sim Name, Upgrade/Downgrade and Cancel Service with their dialogs, and ADD VAS (the
 * SIM's bundles page). A waiting cancellation leaves no package to change; a cancelled SIM offers nothing at all; a
 * SIM the network has not activated yet can only be renamed (the network takes no change for it).
 */
export function ServiceActions({ service, rename, change }: { service: Service; rename: SimRenameActor; change: ServiceChangeActor }) {
  const { t } = useLingui()
  const busy = useSelector(change, (s) => !s.matches('idle'))
  const waiting = (kind: string) => service.scheduled_actions.some((a) => a.kind === kind)
  const cancelling = waiting('cancellation')
  const packageWaits = waiting('plan_change')
  const active = isActiveSim(service)
  return (
    <Panel aria-label={t`Actions`}>
      <h2>
        <Trans>Actions</Trans>
      </h2>
      {serviceStatus(service.status) === 'cancelled' ? (
        <Muted>
          <Trans>This SIM is cancelled, so there is nothing more to change.</Trans>
        </Muted>
      ) : (
        <div className="buttons">
          <Button type="button" onClick={() => rename.send({ type: 'sim.rename.open', name: service.name })}>
            <Trans>Update Sim Name</Trans>
          </Button>
          {!active && (
            <p className="why">
              <Trans>Package changes, bundles and cancelling are possible once your SIM is active.</Trans>
            </p>
          )}
          <Button type="button" disabled={!active || busy || cancelling || packageWaits} onClick={() => change.send({ type: 'service.package.open' })}>
            <Trans>Upgrade/Downgrade</Trans>
          </Button>
          {active && packageWaits && !cancelling && (
            <p className="why">
              <Trans>A package change is scheduled. Undo it to choose another package.</Trans>
            </p>
          )}
          <AddBundleButton service={service} />
          <Button type="button" disabled={!active || busy || cancelling} onClick={() => change.send({ type: 'service.cancel.open' })}>
            <Trans>Cancel Service</Trans>
          </Button>
          {cancelling && (
            <p className="why">
              <Trans>A cancellation is scheduled. Undo it to keep the SIM or change its package.</Trans>
            </p>
          )}
        </div>
      )}
      <RenameDialog actor={rename} />
      <PackageDialog actor={change} />
      <CancelDialog actor={change} />
    </Panel>
  )
}
