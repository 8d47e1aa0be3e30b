import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate } from '../../../domain/dates.ts'
import type { RicaFailure, SimLifeView } from '../../../domain/service.ts'
import { currentStep, needsRicaReady, simSteps, type SimStep, type StepState } from '../../../domain/simLife.ts'
import { Muted } from '../../../ui/Page.tsx'
import { Section } from '../../../ui/Section.tsx'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'
import { Panel } from './portalStyles.ts'

const Steps = styled('ol')`
  margin: 0 0 12px; padding-left: 24px; display: grid; gap: 8px;
  li { padding-left: 4px; }
  .state { font-size: 14px; color: ${theme.color.muted}; }
  li[aria-current='step'] { font-weight: 700; }
  li[aria-current='step'] .state { color: ${theme.color.brandDark}; }
  li.failed .state { color: ${theme.color.error}; }
  .detail { font-weight: 400; margin: 4px 0 0; overflow-wrap: anywhere; }
  .detail p { margin: 0 0 4px; }
`
const Facts = styled('dl')`
  margin: 4px 0 0; font-weight: 400;
  div { display: flex; flex-wrap: wrap; gap: 0 6px; }
  dt { color: ${theme.color.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`
const Ready = styled('ul')`
  margin: 0 0 12px; padding-left: 20px; display: grid; gap: 4px;
`

/** Where the SIM is now, what went wrong at RICA, and what comes next, under the step it belongs to. */
function StepDetail({ life, number }: { life: SimLifeView; number: string | null }) {
  const { t } = useLingui()
  const reasons: Record<RicaFailure, string> = {
    not_present: t`Nobody could be verified at delivery.`,
    document_mismatch: t`The ID document did not match the details you gave us.`,
    proof_of_address: t`The proof of address was missing or older than three months.`,
    other: t`The courier could not verify your identity.`,
  }
  switch (life.state) {
    case 'preparing':
      return (
        <p>
          <Trans>We are preparing your SIM for delivery.</Trans>
        </p>
      )
    case 'on_its_way':
      return (
        <>
          <p>
            <Trans>The courier checks your identity (RICA) when they hand the SIM to you.</Trans>
          </p>
          <Facts>
            {life.courier && (
              <div>
                <dt>
                  <Trans>Courier</Trans>
                </dt>
                <dd>{life.courier}</dd>
              </div>
            )}
            {life.tracking_reference && (
              <div>
                <dt>
                  <Trans>Tracking reference</Trans>
                </dt>
                <dd>{life.tracking_reference}</dd>
              </div>
            )}
            {life.attempt > 1 && (
              <div>
                <dt>
                  <Trans>Delivery attempt</Trans>
                </dt>
                <dd>{life.attempt}</dd>
              </div>
            )}
          </Facts>
        </>
      )
    case 'rica_failed':
      return (
        <>
          <p>{reasons[life.rica_failure ?? 'other']}</p>
          <p>
            <Trans>
              What happens next: we will arrange a second delivery. If your identity cannot be verified then, the SIM comes back to us and we refund your
              payment for it.
            </Trans>
          </p>
        </>
      )
    case 'activating':
      return (
        <p>
          <Trans>Your identity was verified. The network is activating your SIM; your number shows here once it has.</Trans>
        </p>
      )
    case 'returned':
      return (
        <p>
          <Trans>Your SIM came back to us because your identity could not be verified. We refund your payment for it.</Trans>
        </p>
      )
    case 'active':
      return <p>{number ? <Trans>Your SIM works. Your number is {number}.</Trans> : <Trans>Your SIM works.</Trans>}</p>
  }
}

/**
 * "Your SIM": the steps from payment to an active SIM (or its return), the current one marked for screen readers
 * (aria-current) and in words, with since when and when the page last heard of it; what to have ready for RICA while
 * the SIM is on its way.
 */
export function SimLifeSection({ life, number, checkedAt }: { life: SimLifeView; number: string | null; checkedAt: string | null }) {
  const { t, i18n } = useLingui()
  const stepName: Record<SimStep, string> = {
    paid: t`Paid`,
    preparing: t`Being prepared`,
    on_its_way: t`On its way`,
    rica: t`RICA at delivery`,
    activating: t`Activating on the network`,
    active: t`Active`,
    returned: t`Returned to us`,
  }
  const stateName: Record<StepState, string> = { done: t`Done`, current: t`Now`, failed: t`Failed`, upcoming: t`Still to come` }
  const since = formatDate(life.since, i18n.locale, 'moment')
  const checked = checkedAt && formatDate(checkedAt, i18n.locale, 'moment')
  const steps = simSteps(life)
  const at = currentStep(life)
  return (
    <Section frame={Panel} id="sim-life-title" title={<Trans>Your SIM</Trans>}>
      <Steps aria-label={t`Your SIM's steps`}>
        {steps.map(({ step, state }) => {
          // A returned SIM's failed RICA stays marked as failed, but the SIM stands at its return.
          const now = step === at
          return (
            <li key={step} aria-current={now ? 'step' : undefined} className={state === 'failed' ? 'failed' : undefined}>
              {stepName[step]} <span className="state">({stateName[state]})</span>
              {now && (
                <Detail>
                  <StepDetail life={life} number={number} />
                  <p>
                    <Trans>Since {since}</Trans>
                  </p>
                </Detail>
              )}
            </li>
          )
        })}
      </Steps>
      {needsRicaReady(life) && <RicaChecklist />}
      {checked && (
        <Muted role="note">
          <Trans>Last checked {checked}</Trans>
        </Muted>
      )}
    </Section>
  )
}

const Detail = ({ children }: { children: ReactNode }) => <div className="detail">{children}</div>

/** What the courier asks for at delivery (RICA): shown while the SIM is being prepared or on its way, and after a failed try. */
function RicaChecklist() {
  return (
    <section aria-labelledby="rica-ready-title">
      <h3 id="rica-ready-title">
        <Trans>Have this ready for RICA</Trans>
      </h3>
      <Ready>
        <li>
          <Trans>Your original ID document (or passport)</Trans>
        </li>
        <li>
          <Trans>A proof of address not older than three months</Trans>
        </li>
        <li>
          <Trans>You, in person, when the courier delivers</Trans>
        </li>
      </Ready>
    </section>
  )
}
