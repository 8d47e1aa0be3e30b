import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import type { User } from '../../domain/account.ts'
import { conversationMessages, EntryBodySchema, type ConversationStatus, type CustomerConversation, type PublicEntry } from '../../domain/conversations.ts'
import { formatDate } from '../../domain/dates.ts'
import { useOutbox } from '../../outbox/outbox.ts'
import { keepDataOnDevice, usePwa } from '../../pwa/state.ts'
import { Button } from '../../ui/Button.tsx'
import { FormError } from '../../ui/forms/FormError.tsx'
import { TextAreaField } from '../../ui/forms/TextAreaField.tsx'
import { useInlineError } from '../../ui/forms/useInlineError.ts'
import { LastUpdated } from '../../ui/LastUpdated.tsx'
import { Card } from '../../ui/Page.tsx'
import { Section } from '../../ui/Section.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { queueAnswer, SUPPORT_ANSWER } from './answerQueue.ts'
import { translateSupportMessage } from './supportMessages.ts'
import { useConversations, type LocalAnswer } from './useConversations.ts'

const Box = styled(Card)`
  h2 { margin: 0 0 12px; font-size: 20px; }
  h3 { margin: 0; font-size: 18px; }
  article { border-top: 1px solid ${theme.color.border}; padding-top: 12px; margin-top: 12px; }
  article:first-of-type { border-top: 0; margin-top: 0; padding-top: 0; }
  header { display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; justify-content: space-between; }
  ol { list-style: none; margin: 12px 0; padding: 0; display: grid; gap: 8px; }
  li { border-radius: 8px; padding: 8px 12px; border: 1px solid ${theme.color.border}; }
  li[data-from='support'] { border-left: 4px solid ${theme.color.brand}; }
  li[data-from='customer'] { border-left: 4px solid ${theme.color.muted}; }
  li[data-state='rejected'] { border-left-color: ${theme.color.error}; }
  .who { margin: 0; font-weight: 700; font-size: 14px; }
  .who span { font-weight: 400; color: ${theme.color.muted}; }
  .body { margin: 4px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  .status { margin: 0; font-size: 14px; font-weight: 700; color: ${theme.color.muted}; }
  [role='note'] { margin-bottom: 12px; }
`

/** The customer's support conversations: what they wrote, the team's replies, and a box to answer (queued offline). */
export function Conversations({ customer }: { customer: User }) {
  const { cached, local } = useConversations(customer.id)
  const conversations = cached?.value ?? []
  if (conversations.length === 0) return null
  return (
    <Section id="support-conversations" frame={Box} title={<Trans>Your conversations</Trans>}>
      {cached && <Freshness fetchedAt={cached.fetchedAt} />}
      {conversations.map((conversation) => (
        <Conversation
          key={conversation.reference}
          customerId={customer.id}
          conversation={conversation}
          local={local.filter((a) => a.reference === conversation.reference)}
        />
      ))}
    </Section>
  )
}

function Freshness({ fetchedAt }: { fetchedAt: string }) {
  const { online } = usePwa()
  return online ? null : <LastUpdated at={fetchedAt} />
}

function StatusText({ status }: { status: ConversationStatus }) {
  switch (status) {
    case 'open':
      return <Trans>Open: our support team will answer</Trans>
    case 'waiting':
      return <Trans>Answered: waiting for you</Trans>
    case 'resolved':
      return <Trans>Resolved</Trans>
  }
}

function Conversation({ customerId, conversation, local }: { customerId: number; conversation: CustomerConversation; local: LocalAnswer[] }) {
  const { reference } = conversation
  const headingId = `conversation-${reference}`
  return (
    <article aria-labelledby={headingId}>
      <header>
        <h3 id={headingId}>
          <Trans>Reference {reference}</Trans>
        </h3>
        <p className="status">
          <StatusText status={conversation.status} />
        </p>
      </header>
      <ol>
        {conversation.entries.map((entry, index) => (
          // Entries only ever grow at the end: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Entry key={index} entry={entry} />
        ))}
        {local.map((answer) => (
          <Waiting key={answer.id} answer={answer} />
        ))}
      </ol>
      <AnswerForm customerId={customerId} reference={reference} />
    </article>
  )
}

function Entry({ entry }: { entry: PublicEntry }) {
  const { i18n } = useLingui()
  const when = formatDate(entry.at, i18n.locale, 'moment')
  const fromSupport = entry.kind === 'reply'
  return (
    <li data-from={fromSupport ? 'support' : 'customer'}>
      <p className="who">
        {fromSupport ? <Trans>Support replied</Trans> : <Trans>You wrote</Trans>} <span>{when}</span>
      </p>
      <p className="body">{entry.body}</p>
    </li>
  )
}

function Waiting({ answer }: { answer: LocalAnswer }) {
  const { i18n } = useLingui()
  const reason = answer.error ? translateSupportMessage(i18n, answer.error) : ''
  return (
    <li data-from="customer" data-state={answer.state}>
      <p className="who">
        {answer.state === 'waiting' ? (
          <Trans>Your answer, waiting to be sent</Trans>
        ) : reason ? (
          <Trans>Your answer was not sent: {reason}</Trans>
        ) : (
          <Trans>Your answer was not sent.</Trans>
        )}
      </p>
      <p className="body">{answer.body}</p>
    </li>
  )
}

const answerErrors: Record<string, string> = conversationMessages

function AnswerForm({ customerId, reference }: { customerId: number; reference: string }) {
  const { t, i18n } = useLingui()
  const outbox = useOutbox()
  const failure = useInlineError()
  const [body, setBody] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const id = `answer-${reference}`

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const parsed = v.safeParse(EntryBodySchema, body)
    if (!parsed.success) {
      setError(parsed.issues[0]?.message ?? answerErrors.answerRequired)
      document.getElementById(id)?.focus()
      return
    }
    setBusy(true)
    failure.clear()
    try {
      await queueAnswer(customerId, reference, parsed.output)
      // The text lives on in the outbox (shown above until the server has it), not in the box.
      setBody('')
      void keepDataOnDevice().catch(() => false)
      void outbox.sendNow(SUPPORT_ANSWER).catch(() => [])
    } catch {
      failure.fail(t`Your answer could not be saved on this device. Please try again.`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Answer on ${reference}`}>
      <FormError message={failure.error} announced />
      <TextAreaField
        id={id}
        name="answer"
        label={<Trans>Your answer</Trans>}
        value={body}
        rows={3}
        onValue={(value) => {
          setBody(value)
          setError(undefined)
        }}
        error={error === undefined ? undefined : translateSupportMessage(i18n, error)}
      />
      <Button type="submit" disabled={busy}>
        <Trans>Send answer</Trans>
      </Button>
    </form>
  )
}
