import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/Button.tsx'
import { TextAreaField } from '../../ui/forms/TextAreaField.tsx'
import { FieldBox } from '../../ui/forms/fieldStyles.ts'
import { styled } from '../../ui/styled.ts'
import type { LabRun } from './labRun.ts'
import { importSession } from './labRuns.ts'
import { Buttons, Note, Panel } from './labStyles.ts'
import { machineTitles } from './labText.ts'
import { readSessionFile, type LabSessionFile } from './labSession.ts'
import { Section } from '../../ui/Section.tsx'
import { useAuth } from '../../lib/sessionStore.ts'

const FileBox = styled(FieldBox)`
  input[type='file'] { padding: 8px 12px; }
`

/** Saves the session as a .json file through the browser's download. */
function download(file: LabSessionFile): void {
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `lab-${file.machine}-${file.exportedAt.replace(/[:.]/g, '-')}.json`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** What the last import did; kept by the lab screen, since an import switches to the session's machine. */
export type ImportOutcome = { kind: 'imported'; file: LabSessionFile; differs: readonly number[] } | { kind: 'refused'; why: string } | null

interface Props {
  run: LabRun
  outcome: ImportOutcome
  onOutcome: (outcome: ImportOutcome) => void
}

/** Export the session for a bug report; import one (a file or pasted JSON) to see the same state and context. */
export function SessionFile({ run, outcome, onOutcome: setOutcome }: Props) {
  const { t, i18n } = useLingui()
  const { session } = useAuth()
  const [text, setText] = useState('')

  const load = (json: string) => {
    const read = readSessionFile(json)
    if (!read.ok) {
      const detail = read.detail
      setOutcome({ kind: 'refused', why: read.problem === 'json' ? t`This is not valid JSON: ${detail}` : t`This is not a lab session: ${detail}` })
      return
    }
    const restored = importSession(read.file, session.get)
    setOutcome({ kind: 'imported', file: read.file, differs: restored.getSnapshot().differs })
  }

  const fromFile = async (files: FileList | null) => {
    const file = files?.[0]
    if (file) load(await file.text())
  }

  const imported = outcome?.kind === 'imported' ? outcome : null
  const machine = imported ? i18n._(machineTitles[imported.file.machine]) : ''
  const step = imported ? imported.file.cursor + 1 : 0
  const total = imported ? imported.file.steps.length : 0
  const differs = imported ? imported.differs.map((index) => index + 1).join(', ') : ''
  return (
    <Section frame={Panel} id="lab-session" title={<Trans>Session file</Trans>}>
      <p>
        <Trans>Attach the session to a bug report: it holds every event, state, context and fact, and the effects used.</Trans>
      </p>
      <Buttons>
        <Button type="button" onClick={() => download(run.exportFile())}>
          <Trans>Export session</Trans>
        </Button>
        <Button type="button" $variant="secondary" onClick={() => setText(JSON.stringify(run.exportFile(), null, 2))}>
          <Trans>Show session as text</Trans>
        </Button>
      </Buttons>
      <FileBox>
        <label htmlFor="lab-import-file">
          <Trans>Import a session file</Trans>
        </label>
        <input id="lab-import-file" type="file" accept="application/json,.json" onChange={(e) => void fromFile(e.currentTarget.files)} />
      </FileBox>
      <TextAreaField id="lab-import-text" label={t`Session as JSON`} value={text} onValue={setText} spellCheck={false} />
      <Buttons>
        <Button type="button" $variant="secondary" disabled={text.trim() === ''} onClick={() => load(text)}>
          <Trans>Import from text</Trans>
        </Button>
      </Buttons>
      <div role="status">
        {imported && (
          <Note>
            <Trans>
              Imported: {machine} at step {step} of {total}, rebuilt from its events without running any effect.
            </Trans>
            {imported.differs.length > 0 && (
              <>
                {' '}
                <Trans>Steps {differs} were taken from the recording: replaying them gave another result (an effect made up a value).</Trans>
              </>
            )}
          </Note>
        )}
        {outcome?.kind === 'refused' && <Note $tone="error">{outcome.why}</Note>}
      </div>
    </Section>
  )
}
