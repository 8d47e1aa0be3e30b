import { Trans } from '@lingui/react/macro'
import { serviceStatus, type ServiceStatus } from '../../../domain/service.ts'
import { Badge, type BadgeLook } from '../../../ui/Badge.tsx'

// The order looks carry the same meaning: working, on hold, ended.
const looks: Record<ServiceStatus, BadgeLook> = { active: 'approved', suspended: 'initial', cancelled: 'cancelled', unknown: 'waiting' }

/** The true status from the code (0 Active, 400/500 Suspended, 900 Cancelled), never "always active". */
export function ServiceStatusBadge({ code }: { code: number }) {
  const status = serviceStatus(code)
  return (
    <Badge $look={looks[status]} data-status={status}>
      {status === 'active' ? (
        <Trans>Active</Trans>
      ) : status === 'suspended' ? (
        <Trans>Suspended</Trans>
      ) : status === 'cancelled' ? (
        <Trans>Cancelled</Trans>
      ) : (
        <Trans>Unknown</Trans>
      )}
    </Badge>
  )
}
