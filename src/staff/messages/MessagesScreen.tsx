import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { ConversationStatus, StaffConversation } from '../../domain/conversations.ts'
import { StaffLink } from '../navigation.tsx'
import { useMember } from '../session.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { useDateTime } from '../ui/format.ts'
import { Field, Notice, Row, TableBox, TableHead } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { styled } from '../ui/styled.ts'
import { staffTheme as theme } from '../ui/theme.ts'
import { readConversations } from './messagesApi.ts'
import { STATUSES, useStatusText } from './statusText.tsx'

const Tabs = styled('div')`
  display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 12px;
  button { font: inherit; font-weight: 600; min-height: ${theme.touch}; padding: 0 14px; border-radius: 8px; cursor: pointer;
    border: 2px solid ${theme.color.brand}; background: ${theme.color.surface}; color: ${theme.color.brand}; }
  button[aria-pressed='true'] { background: ${theme.color.brand}; color: #fff; }
`

type Tab = ConversationStatus | 'all'
/** Whose conversations: everyone's, the member's own, or those nobody took. */
type Assignee = 'anyone' | 'me' | 'none'

/** /staff/messages: the support queue by status (open first, the longest waiting first), filtered by assignee. */
export function MessagesScreen() {
  const { t } = useLingui()
  const member = useMember()
  const errorText = useErrorText()
  const statusText = useStatusText()
  const when = useDateTime()
  const [tab, setTab] = useState<Tab>('open')
  const [assignee, setAssignee] = useState<Assignee>('anyone')
  const [messages, setMessages] = useState<StaffConversation[] | { failed: unknown }>()
  useEffect(() => {
    let live = true
    setMessages(undefined)
    const filter = {
      status: tab === 'all' ? undefined : tab,
      assignee: assignee === 'anyone' ? undefined : assignee === 'me' ? String(member.id) : 'none',
    }
    readConversations(filter).then(
      (answer) => live && setMessages(answer.messages),
      (failed: unknown) => live && setMessages({ failed }),
    )
    return () => {
      live = false
    }
  }, [tab, assignee, member.id])
  const tabs: [Tab, string][] = [...STATUSES.map((s) => [s, statusText(s)] as [Tab, string]), ['all', t`All`]]
  return (
    <>
      <ScreenTitle title={t`Messages`}>
        <Trans>Messages</Trans>
      </ScreenTitle>
      <Row>
        <Tabs role="group" aria-label={t`Status`}>
          {tabs.map(([value, label]) => (
            <button key={value} type="button" aria-pressed={tab === value} onClick={() => setTab(value)}>
              {label}
            </button>
          ))}
        </Tabs>
        <Field label={t`Assigned to`}>
          {(id) => (
            <select id={id} value={assignee} onChange={(event) => setAssignee(event.target.value as Assignee)}>
              <option value="anyone">{t`Anyone`}</option>
              <option value="me">{t`Me`}</option>
              <option value="none">{t`Nobody yet`}</option>
            </select>
          )}
        </Field>
      </Row>
      {messages === undefined ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : 'failed' in messages ? (
        <Notice tone="error">{errorText(messages.failed)}</Notice>
      ) : messages.length === 0 ? (
        <p role="status">
          <Trans>No conversation matches.</Trans>
        </p>
      ) : (
        <TableBox label={t`Conversations`}>
          <table>
            <caption>
              <Trans>Conversations, open first, the longest waiting first</Trans>
            </caption>
            <TableHead columns={[t`Reference`, t`Customer`, t`Message`, t`Status`, t`Assigned to`, t`Since`]} />
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <td>
                    <StaffLink to={`/messages/${m.id}`}>{m.reference}</StaffLink>
                  </td>
                  <td>
                    {m.name || '—'}
                    <br />
                    <small>{m.email || '—'}</small>
                  </td>
                  <td style={{ overflowWrap: 'anywhere' }}>{m.excerpt}</td>
                  <td>{statusText(m.status)}</td>
                  <td>{m.assignee?.name ?? t`Nobody yet`}</td>
                  <td>{when(m.statusAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </>
  )
}
