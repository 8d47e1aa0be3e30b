import { Section } from '../../ui/Section.tsx'
import { useEffect, useState } from 'react'
import { Plural, Trans } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import type { StoreDb } from '../../store/db.ts'
import { Button } from '../../ui/Button.tsx'
import { pretty, type Json } from './json.ts'
import { clearLabLog, labDb } from './labLog.ts'
import type { LabView } from './labRun.ts'
import { Code, JsonBlock, Note, Panel } from './labStyles.ts'
import { styled } from '../../ui/styled.ts'

const Facts = styled('ol')`
  margin: 0 0 12px; padding-left: 22px;
  li { margin: 0 0 10px; }
  li > div { display: flex; flex-wrap: wrap; gap: 4px 10px; margin-bottom: 4px; }
`

/** Facts in the whole lab log, live (another tab's lab writes count too). */
function useLabLogCount(): number | undefined {
  const [db, setDb] = useState<StoreDb>()
  useEffect(() => {
    labDb().then(setDb, () => undefined)
  }, [])
  return useLiveQuery<number | undefined>(() => (db ? db.events.count() : undefined), [db])
}

const field = (fact: Json, key: string): Json => (fact !== null && typeof fact === 'object' && !Array.isArray(fact) ? (fact[key] ?? null) : null)

/** The facts the session wrote up to the step on screen, all in the lab log (never the customer's). */
export function FactList({ view }: { view: LabView }) {
  const count = useLabLogCount()
  const facts = view.steps.slice(0, view.cursor + 1).flatMap((step) => step.facts)
  const error = view.logError
  return (
    <Section frame={Panel} id="lab-facts" title={<Trans>Facts written</Trans>}>
      {facts.length === 0 ? (
        <p>
          <Trans>No facts written up to this step.</Trans>
        </p>
      ) : (
        <Facts>
          {facts.map((fact) => (
            <li key={String(field(fact, 'id'))}>
              <div>
                <strong>
                  <Code>{String(field(fact, 'type'))}</Code>
                </strong>
                <Code>{String(field(fact, 'stream'))}</Code>
              </div>
              <JsonBlock>{pretty(field(fact, 'payload'))}</JsonBlock>
            </li>
          ))}
        </Facts>
      )}
      {error && (
        <Note $tone="error" role="alert">
          <Trans>A fact could not be written to the lab log: {error}</Trans>
        </Note>
      )}
      <p>
        {count === undefined ? (
          <Trans>Opening the lab log…</Trans>
        ) : (
          <Plural value={count} one="The lab log holds # fact, apart from your own data." other="The lab log holds # facts, apart from your own data." />
        )}
      </p>
      <Button type="button" $variant="ghost" disabled={!count} onClick={() => void clearLabLog()}>
        <Trans>Clear the lab log</Trans>
      </Button>
    </Section>
  )
}
