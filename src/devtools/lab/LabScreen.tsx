import './labI18n.ts'
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/Button.tsx'
import { Muted, Page } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'
import { LAB_MACHINES, type LabMachineId } from './labMachine.ts'
import { machineTitles } from './labText.ts'
import { LiveView } from './LiveView.tsx'
import { MachineLab } from './MachineLab.tsx'
import type { ImportOutcome } from './SessionFile.tsx'

const Bar = styled('div')`
  display: flex; flex-wrap: wrap; gap: 8px; margin: 12px 0 16px;
  > button { white-space: normal; }
`

type View = { kind: 'machine'; id: LabMachineId } | { kind: 'live' }

/**
 * The machine lab (/lab): testers drive each state machine by hand with fake or sandbox effects, travel
 * through its steps and hand the session on as a file; the live view shows the app's own actors, read only.
 */
export default function LabScreen() {
  const { t, i18n } = useLingui()
  const [view, setView] = useState<View>({ kind: 'machine', id: 'auth' })
  const [outcome, setOutcome] = useState<ImportOutcome>(null)
  // An imported session opens on its own machine.
  const imported = (next: ImportOutcome) => {
    setOutcome(next)
    if (next?.kind === 'imported') setView({ kind: 'machine', id: next.file.machine })
  }
  const choose = (next: View) => {
    setView(next)
    setOutcome(null)
  }
  return (
    <Page title={<Trans>Machine lab</Trans>}>
      <Muted>
        <Trans>
          Drive each state machine by hand, see where it is and what it wrote, and hand the session to a developer. Your cart and account are never touched.
        </Trans>
      </Muted>
      <Bar role="group" aria-label={t`Machine`}>
        {LAB_MACHINES.map((id) => {
          const chosen = view.kind === 'machine' && view.id === id
          return (
            <Button key={id} type="button" $variant={chosen ? 'primary' : 'secondary'} aria-pressed={chosen} onClick={() => choose({ kind: 'machine', id })}>
              {i18n._(machineTitles[id])}
            </Button>
          )
        })}
        <Button
          type="button"
          $variant={view.kind === 'live' ? 'primary' : 'secondary'}
          aria-pressed={view.kind === 'live'}
          onClick={() => choose({ kind: 'live' })}
        >
          <Trans>Live app</Trans>
        </Button>
      </Bar>
      {view.kind === 'live' ? <LiveView /> : <MachineLab key={view.id} id={view.id} outcome={outcome} onOutcome={imported} />}
    </Page>
  )
}
