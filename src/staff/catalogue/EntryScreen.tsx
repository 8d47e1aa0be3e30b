import { Trans } from '@lingui/react/macro'
import { Fragment, type ReactNode, useEffect, useState } from 'react'
import type { StaffCatalogue } from '../../domain/staffCatalogue.ts'
import { StaffLink } from '../navigation.tsx'
import { Notice } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { readCatalogue } from './catalogueApi.ts'
import { useCatalogueTexts } from './catalogueTexts.ts'
import { nextPosition } from './formParts.tsx'

type Loaded<E> =
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'missing' }
  | { kind: 'new'; position: number }
  | { kind: 'shown'; entry: E }

/** What the screen hands its form: the entry shown (none for a new one), a new one's place on the page, and where a save says so. */
export interface EntryFormProps<E> {
  entry: E | undefined
  position: number
  onSaved: (message: string) => void
}

/**
 * The screen of one package or bundle, or of a new one (`param` "new"): the catalogue read, the entry found by its
 * id, the way back to the list, the last save's outcome and the entry's form (keyed by the entry, so another entry
 * starts from its own fields).
 */
export function EntryScreen<E extends { position: number }>({
  param,
  entries,
  idOf,
  titleOf,
  newTitle,
  missing,
  form,
}: {
  param: string
  entries: (catalogue: StaffCatalogue) => E[]
  idOf: (entry: E) => string
  titleOf: (entry: E) => string
  newTitle: string
  /** Said when no entry has the id. */
  missing: ReactNode
  form: (props: EntryFormProps<E>) => ReactNode
}) {
  const { errorText } = useCatalogueTexts()
  const [loaded, setLoaded] = useState<Loaded<E>>({ kind: 'loading' })
  const [saved, setSaved] = useState<string>()
  // The functions are the screen's own, the same for a param: the catalogue is read again only for another entry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per entry shown
  useEffect(() => {
    let live = true
    readCatalogue().then(
      (catalogue) => {
        if (!live) return
        const list = entries(catalogue)
        if (param === 'new') return setLoaded({ kind: 'new', position: nextPosition(list) })
        const entry = list.find((e) => idOf(e) === param)
        setLoaded(entry ? { kind: 'shown', entry } : { kind: 'missing' })
      },
      (error: unknown) => live && setLoaded({ kind: 'failed', error }),
    )
    return () => {
      live = false
    }
  }, [param])
  const title = loaded.kind === 'shown' ? titleOf(loaded.entry) : newTitle
  return (
    <>
      <ScreenTitle title={title}>{title}</ScreenTitle>
      <p>
        <StaffLink to="/catalogue">
          <Trans>All of the catalogue</Trans>
        </StaffLink>
      </p>
      {saved && <Notice tone="success">{saved}</Notice>}
      {loaded.kind === 'loading' && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {loaded.kind === 'missing' && <Notice tone="error">{missing}</Notice>}
      {loaded.kind === 'failed' && <Notice tone="error">{errorText(loaded.error)}</Notice>}
      {loaded.kind === 'new' && <Fragment key="new">{form({ entry: undefined, position: loaded.position, onSaved: setSaved })}</Fragment>}
      {loaded.kind === 'shown' && (
        <Fragment key={idOf(loaded.entry)}>{form({ entry: loaded.entry, position: loaded.entry.position, onSaved: setSaved })}</Fragment>
      )}
    </>
  )
}

/**
 * An entry form's calls to the server, one at a time: busy while one is under way, its failure kept for the form to
 * say (the fields stay as typed), and the entry the server answered with becoming the one shown.
 */
export function useEntryCalls<E>(entry: E | undefined) {
  const [current, setCurrent] = useState(entry)
  const [failed, setFailed] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  /** Sends `request`; `then` hears the answer and the entry shown before it (none: it was a new one). */
  const call = (request: () => Promise<E>, then: (made: E, before: E | undefined) => void) => {
    setFailed(undefined)
    setBusy(true)
    request()
      .then((made) => {
        then(made, current)
        setCurrent(made)
      })
      .catch(setFailed)
      .finally(() => setBusy(false))
  }
  return { current, failed, busy, call }
}
