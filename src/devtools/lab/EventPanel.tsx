import { Section } from '../../ui/Section.tsx'
import { useMemo, useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/Button.tsx'
import { TextAreaField } from '../../ui/forms/TextAreaField.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { acceptedEvents } from './acceptedEvents.ts'
import type { EventSpec, LabMachine } from './labMachine.ts'
import type { LabEvent, LabRun, LabView } from './labRun.ts'
import { Buttons, Note, Panel } from './labStyles.ts'
import { describeProblem } from './labText.ts'
import { checkPayload, payloadText } from './payload.ts'

const Editor = styled('div')`
  border: 1px solid ${theme.color.border}; border-radius: 10px; padding: 12px 12px 4px; margin: 0 0 12px;
  div textarea { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 14px; min-height: 0; }
`

interface EditorProps {
  spec: EventSpec
  suggestion: string
  text: string | undefined
  onText: (text: string | undefined) => void
  onSend: (event: LabEvent) => void
}

/** An event that carries data: its JSON payload, checked against the event's schema as it is typed. */
function PayloadEditor({ spec, suggestion, text, onText, onSend }: EditorProps) {
  const { t, i18n } = useLingui()
  const area = useRef<HTMLDivElement>(null)
  const value = text ?? suggestion
  const check = checkPayload(value, spec.schema, spec.stamp?.())
  const type = spec.type
  const id = `lab-payload-${type.replace(/\W+/g, '-')}`
  const send = () => {
    // The stamp (a new fact id and time) is made at the moment of sending, as the app's senders do.
    const fresh = checkPayload(value, spec.schema, spec.stamp?.())
    if (fresh.ok) onSend({ ...fresh.payload, type: spec.type })
    else area.current?.querySelector('textarea')?.focus()
  }
  return (
    <Editor ref={area}>
      <TextAreaField
        id={id}
        label={t`Payload of ${type} (JSON)`}
        value={value}
        onValue={onText}
        spellCheck={false}
        autoCapitalize="off"
        // Tall enough for the suggestion, so a short payload needs no scrolling.
        rows={Math.min(14, Math.max(3, value.split('\n').length))}
        error={check.ok ? undefined : describeProblem(i18n, check.problem)}
      />
      <Buttons>
        <Button type="button" onClick={send}>
          {spec.type}
        </Button>
        {text !== undefined && text !== suggestion && (
          <Button type="button" $variant="ghost" onClick={() => onText(undefined)}>
            <Trans>Use the suggested payload</Trans>
          </Button>
        )}
      </Buttons>
    </Editor>
  )
}

/** The events the machine accepts at the step on screen, as buttons; those with data get a payload editor. */
export function EventPanel({ lab, run, view }: { lab: LabMachine; run: LabRun; view: LabView }) {
  const [texts, setTexts] = useState<Record<string, string>>({})
  const heading = useRef<HTMLHeadingElement>(null)
  const context = view.snapshot.context as unknown
  const accepted = useMemo(() => acceptedEvents(view.snapshot, lab.events), [view.snapshot, lab.events])
  // Suggestions fit the context at this step (the cart line to remove, the time a retry is due).
  const suggestions = useMemo(
    () => Object.fromEntries(lab.events.map((spec) => [spec.type, payloadText(spec.template?.(context as never))])),
    [lab.events, context],
  )
  const earlier = view.cursor < view.steps.length - 1
  const send = (event: LabEvent) => {
    run.send(event)
    // The pressed button may be gone in the new state: the keyboard carries on from this panel's heading.
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) heading.current?.focus()
    })
  }
  const plain = accepted.filter((spec) => !spec.template)
  const withData = accepted.filter((spec) => spec.template)
  return (
    <Section frame={Panel} id="lab-events" title={<Trans>Events it accepts now</Trans>} headingRef={heading}>
      {earlier && (
        <Note>
          <Trans>You are looking at an earlier step. Sending an event continues from here and drops the later steps.</Trans>
        </Note>
      )}
      {accepted.length === 0 && (
        <p>
          {view.snapshot.status === 'done' ? (
            <Trans>The machine has finished: it accepts no more events.</Trans>
          ) : (
            <Trans>None in this state: it is waiting for an effect to answer.</Trans>
          )}
        </p>
      )}
      {plain.length > 0 && (
        <Buttons>
          {plain.map((spec) => (
            <Button key={spec.type} type="button" $variant="secondary" onClick={() => send({ ...spec.stamp?.(), type: spec.type })}>
              {spec.type}
            </Button>
          ))}
        </Buttons>
      )}
      {withData.map((spec) => (
        <PayloadEditor
          key={spec.type}
          spec={spec}
          suggestion={suggestions[spec.type] ?? ''}
          text={texts[spec.type]}
          onText={(text) => setTexts(({ [spec.type]: _old, ...rest }) => (text === undefined ? rest : { ...rest, [spec.type]: text }))}
          onSend={send}
        />
      ))}
    </Section>
  )
}
