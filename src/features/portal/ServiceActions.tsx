import { Trans, useLingui } from '@lingui/react/macro'
import type { Service } from '../../domain/service.ts'
import { Button } from '../../ui/Button.tsx'
import { Card } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'
import { AddBundleButton } from './AddBundleButton.tsx'

const Panel = styled(Card)`
  h2 { margin: 0 0 12px; font-size: 18px; }
  div { display: grid; gap: 8px; }
`

/** The four service actions; those not offered yet are shown disabled. */
export function ServiceActions({ service }: { service: Service }) {
  const { t } = useLingui()
  return (
    <Panel aria-label={t`Actions`}>
      <h2>
        <Trans>Actions</Trans>
      </h2>
      <div>
        <Button type="button" disabled>
          <Trans>Update Sim Name</Trans>
        </Button>
        <Button type="button" disabled>
          <Trans>Upgrade/Downgrade</Trans>
        </Button>
        <AddBundleButton service={service} />
        <Button type="button" disabled>
          <Trans>Cancel Service</Trans>
        </Button>
      </div>
    </Panel>
  )
}
