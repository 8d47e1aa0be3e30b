import { useId } from 'react'
import { Group } from '@visx/group'
import { Arc, Pie } from '@visx/shape'
import { theme } from '../../../../ui/theme.ts'
import type { SliceKey, UsageSlice } from '../usage.ts'

export interface UsagePieProps {
  title: string
  description: string
  slices: readonly UsageSlice[]
  colors: Record<SliceKey, string>
  /** The unit under each label, in the reader's language. */
  unit: string
}

// A 500x300 chart, inner radius 80, outer radius 150; the viewBox lets it shrink to a 360 px screen.
const WIDTH = 500
const HEIGHT = 300
// White text with a dark halo reads on every slice colour and where a label runs past its slice.
const LABEL = { fill: '#fff', stroke: theme.color.text, strokeWidth: 3, paintOrder: 'stroke', strokeLinejoin: 'round' } as const

/** The "Usage Stats" pie (visx), lazy-loaded so visx stays off other routes; labels only on wide slices. */
export default function UsagePie({ title, description, slices, colors, unit }: UsagePieProps) {
  const id = useId()
  const empty = slices.every((s) => s.value === 0)
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-labelledby={`${id}t`}
      aria-describedby={`${id}d`}
      style={{ maxWidth: WIDTH, display: 'block', margin: '0 auto' }}
    >
      <title id={`${id}t`}>{title}</title>
      <desc id={`${id}d`}>{description}</desc>
      <Group top={HEIGHT / 2} left={WIDTH / 2}>
        {empty ? (
          <Arc innerRadius={80} outerRadius={150} startAngle={0} endAngle={2 * Math.PI} fill={theme.color.border} />
        ) : (
          <Pie data={[...slices]} pieValue={(s) => s.value} pieSort={null} pieSortValues={null} innerRadius={80} outerRadius={150}>
            {({ arcs, path }) =>
              arcs.map((arc) => {
                const [x, y] = path.centroid(arc)
                return (
                  <g key={arc.data.key}>
                    <path d={path(arc) ?? ''} fill={colors[arc.data.key]} stroke={theme.color.surface} strokeWidth={2} />
                    {arc.data.labelled && (
                      <g {...LABEL}>
                        <text x={x} y={y - 9} textAnchor="middle" dominantBaseline="central" fontSize={22} fontWeight={700}>
                          {arc.data.figure}
                        </text>
                        <text x={x} y={y + 14} textAnchor="middle" dominantBaseline="central" fontSize={16} fontWeight={600}>
                          {unit}
                        </text>
                      </g>
                    )}
                  </g>
                )
              })
            }
          </Pie>
        )}
      </Group>
    </svg>
  )
}
