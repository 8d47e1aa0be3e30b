import { useParams } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import type { ConversationStatus, StaffEntry, StaffThread } from '../../domain/conversations.ts'
import { StaffLink } from '../navigation.tsx'
import { useMember } from '../session.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { useDateTime } from '../ui/format.ts'
import { Button, Card, Field, Notice, Row } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { styled } from '../ui/styled.ts'
import { staffTheme as theme } from '../ui/theme.ts'
import { changeConversation, readThread, writeEntry } from './messagesApi.ts'
import { STATUSES, useStatusText } from './statusText.tsx'

const Entries = styled('ol')`
  list-style: none; margin: 0; padding: 0; display: grid; gap: 10px;
  li { border: 1px solid ${theme.color.border}; border-left: 6px solid ${theme.color.muted}; border-radius: 8px; padding: 10px 12px; background: ${theme.color.surface}; }
  li[data-kind='reply'] { border-left-color: ${theme.color.brand}; }
  li[data-kind='note'] { border-left-color: #8a5a00; background: #fff8e6; border-style: dashed; border-left-style: solid; }
  .who { margin: 0; font-weight: 700; }
  .who span { font-weight: 400; color: ${theme.color.muted}; }
  .body { margin: 6px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
`

const Compose = styled('form')`
  textarea { font: inherit; width: 100%; box-sizing: border-box; min-height: 120px; padding: 8px 10px; border: 2px solid ${theme.color.muted}; border-radius: 8px; }
  fieldset { border: 0; padding: 0; margin: 0 0 12px; display: flex; flex-wrap: wrap; gap: 16px; }
  legend { font-weight: 600; margin-bottom: 6px; padding: 0; }
  fieldset label { display: inline-flex; gap: 8px; align-items: center; min-height: ${theme.touch}; }
  .hint { color: ${theme.color.muted}; margin: 0 0 8px; }
  &[data-internal='true'] textarea { background: #fff8e6; border-color: #8a5a00; }
`

/** /staff/messages/$id: the thread (notes set apart), a reply or an internal note, and the status and assignee. */
export function ThreadScreen() {
  const { t } = useLingui()
  const { id: param } = useParams({ strict: false }) as { id: string }
  const id = Number(param)
  const errorText = useErrorText()
  const [thread, setThread] = useState<StaffThread | { failed: unknown }>()
  const load = useCallback(
    () =>
      readThread(id).then(
        (answer) => setThread(answer),
        (failed: unknown) => setThread({ failed }),
      ),
    [id],
  )
  useEffect(() => {
    setThread(undefined)
    void load()
  }, [load])
  const reference = thread && 'message' in thread ? thread.message.reference : ''
  return (
    <>
      <ScreenTitle title={reference ? t`Conversation ${reference}` : t`Conversation`}>
        {reference ? <Trans>Conversation {reference}</Trans> : <Trans>Conversation</Trans>}
      </ScreenTitle>
      <p>
        <StaffLink to="/messages">
          <Trans>Back to the messages</Trans>
        </StaffLink>
      </p>
      {thread === undefined ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : 'failed' in thread ? (
        <Notice tone="error">{errorText(thread.failed)}</Notice>
      ) : (
        <Thread thread={thread} reload={load} />
      )}
    </>
  )
}

function Thread({ thread, reload }: { thread: StaffThread; reload: () => Promise<unknown> }) {
  const { message } = thread
  const when = useDateTime()
  const languageNames: Record<string, string> = { en: 'English', xh: 'isiXhosa', af: 'Afrikaans' }
  const language = languageNames[message.language] ?? message.language
  const since = when(message.createdAt)
  const account = message.customerId
  return (
    <>
      <Card aria-labelledby="thread-customer">
        <h2 id="thread-customer">
          <Trans>Customer</Trans>
        </h2>
        <p style={{ margin: 0 }}>
          {message.name || '—'} · {message.email || '—'} · <Trans>writes in {language}</Trans>
          {message.customerId !== null && (
            <>
              {' · '}
              <Trans>customer account {account}</Trans>
            </>
          )}
        </p>
        <p style={{ margin: '4px 0 0' }}>
          <Trans>Since {since}</Trans>
        </p>
      </Card>
      <StatusControls thread={thread} reload={reload} />
      <Card aria-labelledby="thread-entries">
        <h2 id="thread-entries">
          <Trans>The conversation</Trans>
        </h2>
        <Entries>
          {thread.entries.map((entry) => (
            <Entry key={`${entry.kind}-${entry.id}`} entry={entry} customer={message.name || message.email} />
          ))}
        </Entries>
      </Card>
      <ComposeCard id={message.id} email={message.email} reload={reload} />
    </>
  )
}

function Entry({ entry, customer }: { entry: StaffEntry; customer: string }) {
  const when = useDateTime()
  const at = when(entry.at)
  const member = entry.staff?.name ?? ''
  return (
    <li data-kind={entry.kind}>
      <p className="who">
        {entry.kind === 'note' ? (
          <Trans>Internal note by {member} (the customer never sees it)</Trans>
        ) : entry.kind === 'reply' ? (
          <Trans>Reply by {member}, mailed to the customer</Trans>
        ) : entry.kind === 'answer' ? (
          <Trans>{customer} answered</Trans>
        ) : (
          <Trans>{customer} wrote</Trans>
        )}{' '}
        <span>{at}</span>
      </p>
      <p className="body">{entry.body}</p>
    </li>
  )
}

function StatusControls({ thread, reload }: { thread: StaffThread; reload: () => Promise<unknown> }) {
  const { t } = useLingui()
  const member = useMember()
  const statusText = useStatusText()
  const errorText = useErrorText()
  const [failure, setFailure] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const { message } = thread
  const change = async (patch: { status?: ConversationStatus; assigneeId?: number | null }) => {
    setBusy(true)
    setFailure(undefined)
    try {
      await changeConversation(message.id, patch)
      await reload()
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }
  const mine = message.assignee?.id === member.id
  const assignee = message.assignee?.name
  return (
    <Card aria-labelledby="thread-status">
      <h2 id="thread-status">
        <Trans>Status and assignee</Trans>
      </h2>
      {failure !== undefined && <Notice tone="error">{errorText(failure)}</Notice>}
      <Row>
        <Field label={t`Status`}>
          {(fieldId) => (
            <select id={fieldId} value={message.status} disabled={busy} onChange={(event) => void change({ status: event.target.value as ConversationStatus })}>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusText(status)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div style={{ marginBottom: 12 }}>
          <p style={{ margin: '0 0 4px' }}>{assignee ? <Trans>Assigned to {assignee}</Trans> : <Trans>Nobody has taken it yet.</Trans>}</p>
          {mine ? (
            <Button type="button" $variant="secondary" disabled={busy} onClick={() => void change({ assigneeId: null })}>
              <Trans>Unassign</Trans>
            </Button>
          ) : (
            <Button type="button" $variant="secondary" disabled={busy} onClick={() => void change({ assigneeId: member.id })}>
              <Trans>Assign to me</Trans>
            </Button>
          )}
        </div>
      </Row>
    </Card>
  )
}

function ComposeCard({ id, email, reload }: { id: number; email: string; reload: () => Promise<unknown> }) {
  const errorText = useErrorText()
  const [body, setBody] = useState('')
  const [internal, setInternal] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<{ done: 'reply' | 'note' } | { failed: unknown } | 'empty'>()
  // One key per text: pressing twice, or again after a lost answer, writes it once.
  const key = useRef<string | null>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (body.trim() === '') {
      setOutcome('empty')
      return
    }
    key.current ??= crypto.randomUUID()
    setBusy(true)
    setOutcome(undefined)
    try {
      await writeEntry(id, { body, internal }, key.current)
      key.current = null
      setBody('')
      setOutcome({ done: internal ? 'note' : 'reply' })
      await reload()
    } catch (error) {
      setOutcome({ failed: error })
    } finally {
      setBusy(false)
    }
  }
  const edit = (next: () => void) => {
    key.current = null
    next()
  }
  return (
    <Card aria-labelledby="thread-compose">
      <h2 id="thread-compose">
        <Trans>Write</Trans>
      </h2>
      {outcome === 'empty' && (
        <Notice tone="error">
          <Trans>Write something first.</Trans>
        </Notice>
      )}
      {typeof outcome === 'object' && 'done' in outcome && (
        <Notice tone="success">
          {outcome.done === 'reply' ? <Trans>Your reply was mailed to {email}.</Trans> : <Trans>Your note was saved for the team.</Trans>}
        </Notice>
      )}
      {typeof outcome === 'object' && 'failed' in outcome && <Notice tone="error">{errorText(outcome.failed)}</Notice>}
      <Compose onSubmit={(event) => void submit(event)} data-internal={internal}>
        <fieldset>
          <legend>
            <Trans>Kind</Trans>
          </legend>
          <label>
            <input type="radio" name="kind" checked={!internal} onChange={() => edit(() => setInternal(false))} />
            <Trans>Reply to the customer (mailed)</Trans>
          </label>
          <label>
            <input type="radio" name="kind" checked={internal} onChange={() => edit(() => setInternal(true))} />
            <Trans>Internal note (the team only)</Trans>
          </label>
        </fieldset>
        <p className="hint" id="compose-hint">
          {internal ? (
            <Trans>An internal note stays in the back office: the customer never sees it.</Trans>
          ) : (
            <Trans>A reply is mailed to the customer in their language and shows on their support page.</Trans>
          )}
        </p>
        <label htmlFor="compose-body" style={{ fontWeight: 600, display: 'block', marginBottom: 4 }}>
          {internal ? <Trans>Note</Trans> : <Trans>Reply</Trans>}
        </label>
        <textarea
          id="compose-body"
          aria-describedby="compose-hint"
          maxLength={2000}
          value={body}
          onChange={(event) => {
            const text = event.target.value
            edit(() => setBody(text))
          }}
        />
        <div style={{ marginTop: 12 }}>
          <Button type="submit" disabled={busy}>
            {internal ? <Trans>Save note</Trans> : <Trans>Send reply</Trans>}
          </Button>
        </div>
      </Compose>
    </Card>
  )
}
