import { Group } from '@visx/group'
import { Arc } from '@visx/shape'
import { theme } from '../../../../ui/theme.ts'

export interface GaugeProps {
  /** How full, 0 to 1. */
  fraction: number
  amount: string
  unit: string
  color: string
}

const FULL = 2 * Math.PI

/**
 * A circular gauge (visx): the ring fills clockwise from 12 o'clock; lazy-loaded so visx stays off other routes.
 * Only a picture: the meter around it tells its value to a screen reader.
 */
export default function Gauge({ fraction, amount, unit, color }: GaugeProps) {
  return (
    <svg viewBox="0 0 120 120" width="100%" aria-hidden="true" focusable="false" style={{ maxWidth: 140, display: 'block', margin: '0 auto' }}>
      <Group top={60} left={60}>
        <Arc innerRadius={44} outerRadius={56} startAngle={0} endAngle={FULL} fill={theme.color.border} />
        {fraction > 0 && <Arc innerRadius={44} outerRadius={56} startAngle={0} endAngle={FULL * fraction} cornerRadius={6} fill={color} />}
        <text textAnchor="middle" dominantBaseline="central" y={-7} fontSize={26} fontWeight={700} fill={theme.color.text}>
          {amount}
        </text>
        <text textAnchor="middle" dominantBaseline="central" y={19} fontSize={16} fill={theme.color.muted}>
          {unit}
        </text>
      </Group>
    </svg>
  )
}
