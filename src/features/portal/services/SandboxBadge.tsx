import { Trans } from '@lingui/react/macro'
import { Badge } from '../../../ui/Badge.tsx'

/** The demo's sandbox network made this number or these figures up: say so wherever they show. */
export function SandboxBadge({ what }: { what: 'number' | 'figures' }) {
  return (
    <Badge $look="initial" data-network="sandbox">
      {what === 'number' ? <Trans>Sandbox network: test number, not a real one</Trans> : <Trans>Sandbox network: test figures, not real ones</Trans>}
    </Badge>
  )
}
