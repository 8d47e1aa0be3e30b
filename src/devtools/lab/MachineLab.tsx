import { Section } from '../../ui/Section.tsx'
import { Trans, useLingui } from '@lingui/react/macro'
import type { StateValue } from 'xstate'
import { SelectField } from '../../ui/forms/SelectField.tsx'
import { EventPanel } from './EventPanel.tsx'
import { FactList } from './FactList.tsx'
import { canonical, toJson } from './json.ts'
import type { EffectMode, LabMachineId } from './labMachine.ts'
import { labMachines } from './labMachines.ts'
import { useLabRun } from './labRuns.ts'
import { Code, Columns, Note, Panel } from './labStyles.ts'
import { machineTitles, modeLabels, presetLabels } from './labText.ts'
import { SessionFile, type ImportOutcome } from './SessionFile.tsx'
import { StateTree } from './StateTree.tsx'
import { StepDetails } from './StepDetails.tsx'
import { leafPaths } from './stateTree.ts'
import { TimeTravel } from './TimeTravel.tsx'

/** One machine on the bench: its effects, its states, the events it accepts now, its context, facts and history. */
export function MachineLab({ id, outcome, onOutcome }: { id: LabMachineId; outcome: ImportOutcome; onOutcome: (outcome: ImportOutcome) => void }) {
  const { t, i18n } = useLingui()
  const lab = labMachines[id]
  const { run, view } = useLabRun(id)
  const value = view.snapshot.value as StateValue
  const where = leafPaths(value).join(', ')
  const title = i18n._(machineTitles[id])
  const presets = lab.input ? Object.entries(lab.input.presets) : []
  const preset = presets.find(([, make]) => canonical(make()) === canonical(view.input))?.[0] ?? presets[0]?.[0] ?? ''
  return (
    <>
      <Section frame={Panel} id="lab-setup" title={<Trans>Effects</Trans>}>
        <SelectField
          id="lab-effects"
          label={<Trans>Effects of {title}</Trans>}
          value={view.mode}
          onValue={(mode) => run.setMode(mode as EffectMode)}
          options={lab.modes.map((mode) => ({ value: mode, label: i18n._(modeLabels[mode]) }))}
        />
        {presets.length > 0 && (
          <SelectField
            id="lab-input"
            label={<Trans>Starts on</Trans>}
            value={preset}
            onValue={(name) => {
              const make = lab.input?.presets[name]
              if (make) run.setInput(toJson(make()))
            }}
            options={presets.map(([name]) => ({ value: name, label: presetLabels[name] ? i18n._(presetLabels[name]) : name }))}
          />
        )}
        <p>
          <Trans>
            Fakes answer after a short pause. The sandboxes run the real effects against the local server; every fact goes to the lab log, never to your own
            data.
          </Trans>
        </p>
      </Section>
      <Columns>
        <div>
          <Section frame={Panel} id="lab-states" title={<Trans>States</Trans>}>
            <p aria-live="polite">
              <Trans>
                Current state: <Code>{where}</Code>
              </Trans>
            </p>
            <StateTree machine={lab.machine} value={value} label={t`States of ${title}`} />
          </Section>
          <EventPanel key={id} lab={lab} run={run} view={view} />
          <TimeTravel run={run} view={view} />
        </div>
        <div>
          <StepDetails view={view} />
          {view.differs.length > 0 && (
            <Note>
              <Trans>Some steps of this imported session could not be rebuilt by replay and were taken from the recording.</Trans>
            </Note>
          )}
          <FactList view={view} />
          <SessionFile run={run} outcome={outcome} onOutcome={onOutcome} />
        </div>
      </Columns>
    </>
  )
}
