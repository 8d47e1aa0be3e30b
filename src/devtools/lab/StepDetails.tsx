import { Section } from '../../ui/Section.tsx'
import { Trans, useLingui } from '@lingui/react/macro'
import type { LabView } from './labRun.ts'
import { pretty } from './json.ts'
import { Code, JsonBlock, Panel } from './labStyles.ts'

function Started({ effect }: { effect: string }) {
  return (
    <Trans>
      starts the effect <Code>{effect}</Code>
    </Trans>
  )
}

/** What the machine met at the step on screen, what it asked to be done, and its context after it. */
export function StepDetails({ view }: { view: LabView }) {
  const { t } = useLingui()
  const step = view.steps[view.cursor]
  return (
    <Section frame={Panel} id="lab-context" title={<Trans>Context</Trans>}>
      <JsonBlock role="region" tabIndex={0} aria-label={t`Context as JSON`}>
        {pretty(view.snapshot.context)}
      </JsonBlock>
      {step && (
        <>
          <h3>
            <Trans>Event at this step</Trans>
          </h3>
          <JsonBlock role="region" tabIndex={0} aria-label={t`Event as JSON`}>
            {pretty(step.event)}
          </JsonBlock>
          <h3>
            <Trans>Actions and effects it asked for</Trans>
          </h3>
          {step.actions.length === 0 ? (
            <p>
              <Trans>None.</Trans>
            </p>
          ) : (
            <ul>
              {step.actions.map((action, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a step's actions may repeat and never change once recorded
                <li key={index}>{action.startsWith('invoke:') ? <Started effect={action.slice('invoke:'.length)} /> : <Code>{action}</Code>}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  )
}
