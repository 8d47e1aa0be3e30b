import { useLingui } from '@lingui/react/macro'
import type { SimLife } from '../domain/service.ts'
import { simLifeText } from '../lib/simLifeText.ts'
import { Badge, type BadgeLook } from './Badge.tsx'

// On its way to working, gone wrong, ended, working: the same looks as the orders' and services' statuses.
const looks: Record<SimLife, BadgeLook> = {
  preparing: 'waiting',
  on_its_way: 'waiting',
  activating: 'waiting',
  rica_failed: 'rejected',
  returned: 'cancelled',
  active: 'approved',
}

/** A SIM's life state as a pill: its words say it, the colour only repeats them. */
export function SimLifeBadge({ state }: { state: SimLife }) {
  const { i18n } = useLingui()
  return (
    <Badge $look={looks[state]} data-life={state}>
      {simLifeText(i18n, state)}
    </Badge>
  )
}
