import { Section } from '../../ui/Section.tsx'
import { useEffect, useRef } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/Button.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import type { LabRun, LabView } from './labRun.ts'
import { Buttons, Code, Panel } from './labStyles.ts'

const Steps = styled('ol')`
  position: relative; margin: 0; padding: 0; list-style: none; max-height: 320px; overflow: auto; border: 1px solid ${theme.color.border}; border-radius: 8px;
  li + li { border-top: 1px solid ${theme.color.border}; }
  button {
    display: flex; gap: 8px; width: 100%; min-height: ${theme.touch}; padding: 6px 10px; border: 0; background: none;
    font: inherit; text-align: left; color: ${theme.color.text}; cursor: pointer;
  }
  button:hover { background: ${theme.color.page}; }
  button[aria-current] { background: ${theme.color.brand}; color: #fff; font-weight: 700; }
  /* The list scrolls and would clip a ring drawn outside: the theme's two tones are drawn inward here. */
  button:focus-visible { outline-offset: -5px; box-shadow: inset 0 0 0 2px ${theme.color.focusHalo}; }
  .n { flex: none; min-width: 2ch; font-variant-numeric: tabular-nums; }
`

const eventType = (event: unknown) => String((event as { type?: unknown } | null)?.type ?? '')

/** Step back and forward through the recorded snapshots, jump to any step, or start the machine again. */
export function TimeTravel({ run, view }: { run: LabRun; view: LabView }) {
  const { t } = useLingui()
  const list = useRef<HTMLOListElement>(null)
  // Keeps the step on screen visible inside the list, without scrolling the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect reads the DOM these change (the current step, the list's length)
  useEffect(() => {
    const box = list.current
    const current = box?.querySelector<HTMLElement>('[aria-current]')?.parentElement
    if (!box || !current) return
    if (current.offsetTop < box.scrollTop) box.scrollTop = current.offsetTop
    else if (current.offsetTop + current.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = current.offsetTop + current.offsetHeight - box.clientHeight
  }, [view.cursor, view.steps.length])
  const step = view.cursor + 1
  const total = view.steps.length
  return (
    <Section frame={Panel} id="lab-history" title={<Trans>Time travel</Trans>}>
      <p aria-live="polite">
        <Trans>
          Step {step} of {total}
        </Trans>
      </p>
      <Buttons>
        <Button type="button" $variant="secondary" disabled={view.cursor === 0} onClick={() => run.back()}>
          <Trans>Step back</Trans>
        </Button>
        <Button type="button" $variant="secondary" disabled={view.cursor >= total - 1} onClick={() => run.forward()}>
          <Trans>Step forward</Trans>
        </Button>
        <Button type="button" $variant="ghost" onClick={() => run.start()}>
          <Trans>Reset</Trans>
        </Button>
      </Buttons>
      <Steps ref={list} aria-label={t`Recorded steps`}>
        {view.steps.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a recorded step is its position in the recording
          <li key={index}>
            <button type="button" aria-current={index === view.cursor ? 'step' : undefined} onClick={() => run.goTo(index)}>
              <span className="n">{index + 1}.</span>
              <Code>{eventType(item.event)}</Code>
            </button>
          </li>
        ))}
      </Steps>
    </Section>
  )
}
