import { useId } from 'react'
import { Group } from '@visx/group'
import { Arc } from '@visx/shape'
import { theme } from '../../../ui/theme.ts'

export interface GaugeProps {
  title: string
  description: string
  /** How full, 0 to 1. */
  fraction: number
  amount: string
  unit: string
  color: string
}

const FULL = 2 * Math.PI

/** A circular gauge (visx): the ring fills clockwise from 12 o'clock; lazy-loaded so visx stays off other routes. */
export default function Gauge({ title, description, fraction, amount, unit, color }: GaugeProps) {
  const id = useId()
  return (
    <svg
      viewBox="0 0 120 120"
      width="100%"
      role="img"
      aria-labelledby={`${id}t`}
      aria-describedby={`${id}d`}
      style={{ maxWidth: 140, display: 'block', margin: '0 auto' }}
    >
      <title id={`${id}t`}>{title}</title>
      <desc id={`${id}d`}>{description}</desc>
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
