import { lazy, Suspense } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { dataGb, type Service } from '../../../domain/service.ts'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'
import { ChartSpace, Figures, Panel } from './portalStyles.ts'
import { usageSlices, type SliceKey } from './usage.ts'
import { Section } from '../../../ui/Section.tsx'
import { Muted } from '../../../ui/Page.tsx'
import { NetworkReading, notReported } from './NetworkReading.tsx'

// visx loads only when a monthly service is shown: charts load only on their routes, never in the first load.
const UsagePie = lazy(() => import('./charts/UsagePie.tsx'))

// Dark enough for white labels (AA) and told apart by the legend's text too.
const COLORS: Record<SliceKey, string> = { peak: '#0b4f9c', offpeak: '#176b35', spend: '#6b4e00' }

const Columns = styled('div')`
  display: grid; gap: 16px; align-items: start; grid-template-columns: minmax(0, 1fr);
  @media (min-width: 900px) { grid-template-columns: minmax(270px, 1fr) minmax(0, 500px); }
`
const Legend = styled('ul')`
  list-style: none; margin: 12px 0 0; padding: 0; display: flex; flex-wrap: wrap; justify-content: center; gap: 8px 16px;
  li { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; max-width: 100%; }
  i { width: 14px; height: 14px; border-radius: 3px; display: inline-block; border: 2px solid transparent; }
  b { color: ${theme.color.text}; }
`

/** The monthly view: usage figures on the left, the "Usage Stats" pie on the right. */
export function MonthlyView({ service }: { service: Service }) {
  const { t, i18n } = useLingui()
  const gb = t`GB`
  const slices = usageSlices(service, i18n.locale)
  const name: Record<SliceKey, string> = { peak: t`Peak`, offpeak: t`Off Peak`, spend: t`Spend Limit` }
  const description = slices.map((s) => `${name[s.key]}: ${s.figure} ${gb}`).join(', ')
  const offPeak = dataGb(service.offpeak_usage ?? 0, i18n.locale)
  // Usage the network never reported is unknown, not zero: no figures or chart until it has.
  if (notReported(service))
    return (
      <Section frame={Panel} id="monthly-title" title={<Trans>Monthly Subscription</Trans>}>
        <Muted role="note">
          <Trans>The network has not reported your usage yet.</Trans>
        </Muted>
      </Section>
    )
  return (
    <Section frame={Panel} id="monthly-title" title={<Trans>Monthly Subscription</Trans>}>
      <NetworkReading service={service} />
      <Columns>
        <Figures>
          <dt>
            <Trans>Total Usage (GB)</Trans>
          </dt>
          <dd>{dataGb(service.total_usage ?? 0, i18n.locale)}</dd>
          <dt>
            <Trans>Peak Usage (GB)</Trans>
          </dt>
          <dd>{dataGb(service.peak_usage ?? 0, i18n.locale)}</dd>
          <dt>
            <Trans>Off-Peak Usage</Trans>
          </dt>
          <dd>
            <Trans>{offPeak} GB</Trans>
          </dd>
        </Figures>
        <Section id="usage-stats-title" heading="h3" title={<Trans>Usage Stats</Trans>}>
          <Suspense fallback={<ChartSpace $ratio="5 / 3" $max="500px" />}>
            <UsagePie title={t`Usage Stats`} description={description} slices={slices} colors={COLORS} unit={gb} />
          </Suspense>
          <Legend aria-label={t`Usage Stats values`}>
            {slices.map((s) => (
              <li key={s.key}>
                <i style={{ background: COLORS[s.key] }} aria-hidden="true" />
                <span>{name[s.key]}</span>{' '}
                <b>
                  {s.figure} {gb}
                </b>
              </li>
            ))}
          </Legend>
        </Section>
      </Columns>
    </Section>
  )
}
