import { lazy, Suspense, useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatRand } from '../../../domain/money.ts'
import { dataGb, type Service } from '../../../domain/service.ts'
import { ChartSpace, Figures, Panel, Tiles } from './portalStyles.ts'
import { subscriptionGauges, topupTiles, type SubscriptionKey, type TopupKey } from './wallets.ts'
import { Section } from '../../../ui/Section.tsx'
import { Muted } from '../../../ui/Page.tsx'
import { NetworkReading, notReported } from './NetworkReading.tsx'

// visx loads only when a prepaid service is shown: charts load only on their routes, never in the first load.
const Gauge = lazy(() => import('./charts/Gauge.tsx'))

const GAUGE_COLOR: Record<SubscriptionKey, string> = { voice_sub: '#0b4f9c', data_sub: '#176b35', sms_sub: '#8a4b00' }

/** The prepaid view "Wallets": subscription gauges, the primary wallet and the top-up tiles. */
export function PrepaidView({ service }: { service: Service }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const gaugeName: Record<SubscriptionKey, string> = { voice_sub: t`Voice (minutes)`, data_sub: t`DATA (GB)`, sms_sub: t`SMS (units)` }
  const gaugeUnit: Record<SubscriptionKey, string> = { voice_sub: t`min`, data_sub: t`GB`, sms_sub: t`SMS` }
  // The gauges' reference labels as customers know them; the fractions come from GAUGE_REFERENCE.
  const reference: Record<SubscriptionKey, string> = { voice_sub: t`60min`, data_sub: t`2GB`, sms_sub: t`100sms` }
  const valueText: Record<SubscriptionKey, (amount: string, maximum: string) => string> = {
    voice_sub: (amount, maximum) => t`${amount} minutes of ${maximum} minutes left`,
    data_sub: (amount, maximum) => t`${amount} GB of ${maximum} GB left`,
    sms_sub: (amount, maximum) => t`${amount} SMS of ${maximum} SMS left`,
  }
  const topupName: Record<TopupKey, string> = { voice0: t`Voice (min)`, data0: t`Data (GB)`, sms0: t`SMS (units)` }
  // Balances the network never reported are unknown, not zero: no gauges until it has.
  if (notReported(service))
    return (
      <Section frame={Panel} id="wallets-title" title={<Trans>Wallets</Trans>}>
        <Muted role="note">
          <Trans>The network has not reported your balances yet.</Trans>
        </Muted>
      </Section>
    )
  return (
    <Section frame={Panel} id="wallets-title" title={<Trans>Wallets</Trans>}>
      <NetworkReading service={service} />
      <Section id="subscriptions-title" heading="h3" title={<Trans>Subscriptions</Trans>}>
        <Tiles>
          {subscriptionGauges(service, i18n.locale).map(({ key, amount, fraction, value, maximum, maximumText }) => {
            const of = reference[key]
            return (
              <li key={key}>
                {/* One meter per balance, named by its visible label and read as its value text: announced once. */}
                {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> draws its own bar and shows no content; this one is the visx ring and its labels */}
                <div
                  role="meter"
                  aria-labelledby={`${id}-${key}`}
                  aria-valuemin={0}
                  aria-valuemax={maximum}
                  aria-valuenow={value}
                  aria-valuetext={valueText[key](amount, maximumText)}
                >
                  <Suspense fallback={<ChartSpace $ratio="1" $max="140px" />}>
                    <Gauge fraction={fraction} amount={amount} unit={gaugeUnit[key]} color={GAUGE_COLOR[key]} />
                  </Suspense>
                  <span className="label" id={`${id}-${key}`} aria-hidden="true">
                    {gaugeName[key]}
                  </span>
                  <span className="label" aria-hidden="true">
                    <Trans>
                      {amount} of {of}
                    </Trans>
                  </span>
                </div>
              </li>
            )
          })}
        </Tiles>
      </Section>
      <Section id="primary-wallet-title" heading="h3" title={<Trans>Primary Wallet</Trans>}>
        <Figures>
          <dt>
            <Trans>Amount (ZAR)</Trans>
          </dt>
          <dd>{formatRand(service.available_balance ?? 0, i18n.locale)}</dd>
          {/* The label customers know; its formula (bytes / 1e9, two decimals) gives GB. */}
          <dt>
            <Trans>Available MB</Trans>
          </dt>
          <dd>{dataGb(service.data_available_volume ?? 0, i18n.locale)}</dd>
        </Figures>
      </Section>
      <Section id="topup-title" heading="h3" title={<Trans>Topup</Trans>}>
        <Tiles>
          {topupTiles(service, i18n.locale).map(({ key, amount }) => (
            <li key={key}>
              <span className="label">{topupName[key]}</span>
              <span className="value">{amount}</span>
            </li>
          ))}
        </Tiles>
      </Section>
    </Section>
  )
}
