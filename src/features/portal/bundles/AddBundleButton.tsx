import { Trans } from '@lingui/react/macro'
import { isActiveSim, type Service } from '../../../domain/service.ts'
import { Button, ButtonLink } from '../../../ui/Button.tsx'

/** ADD VAS: buy a bundle for this SIM; only an active SIM (not suspended, and activated by the network) can take one. */
export function AddBundleButton({ service }: { service: Service }) {
  if (service.status !== 0 || !isActiveSim(service))
    return (
      <Button type="button" disabled>
        <Trans>ADD VAS</Trans>
      </Button>
    )
  return (
    <ButtonLink to="/service/$id/bundles" params={{ id: String(service.id) }}>
      <Trans>ADD VAS</Trans>
    </ButtonLink>
  )
}
