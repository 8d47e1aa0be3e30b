import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxSender } from '../../../server/mail/mail.ts'
import { sendDueMails } from '../../../server/mail/mailOutbox.ts'
import { readMailbox } from '../../../server/mail/sandboxMailbox.ts'
import type { RunningServer } from '../../../server/server.ts'
import { sandboxMailbox } from '../../../server/mail/sandboxMailbox.ts'
import { expectProfile, signUp, uniqueEmail } from '../accounts.ts'
import { DESKTOP, horizontalOverflow, screenshot, useBrowser } from '../browser.ts'
import { startOwnServer } from '../ownServer.ts'
import { otherContext, staffOrigin, staffPage } from './staffBrowser.ts'

const session = useBrowser()
let server: RunningServer

beforeAll(async () => {
  server = await startOwnServer()
})
afterAll(async () => {
  await server?.close()
})

const NOTE = 'Courier confirmed by phone: the parcel left the depot this morning.'
const REPLY = 'Your SIM is with the courier and arrives tomorrow before noon.'
const ANSWER = 'Thank you! Can the courier come after 14:00 instead?'

async function openSupport(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/support')
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor()
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true)
  await page.waitForFunction(() => !navigator.onLine)
}

/** The mails the sandbox mailbox holds for an address once the outbox is sent, newest first. */
async function mailsTo(email: string) {
  await sendDueMails(server.db, sandboxMailbox(server.db, sandboxSender), { leaseMs: 60_000 })
  return readMailbox(server.db, email)
}

describe('support answers a message', () => {
  it('a reply threads in the customer mail and shows on their support page (offline too), a note never; their answer reopens it', async () => {
    const customerContext = await session.context({ baseURL: staffOrigin(server), viewport: DESKTOP })
    const customer = await customerContext.newPage()
    const email = uniqueEmail()
    await signUp(customer, email)
    await expectProfile(customer)
    await openSupport(customer)
    await customer.getByLabel('Message', { exact: true }).fill('My SIM has not arrived yet. Where is it?')
    await customer.getByRole('button', { name: 'Submit' }).click()
    const thanks = await customer.getByText(/^Thank you\. Your reference is SUP-[A-Z2-7]{8}$/).textContent()
    const reference = /SUP-[A-Z2-7]{8}/.exec(thanks ?? '')?.[0] ?? ''
    expect(reference).not.toBe('')
    const [thread] = await server.db.query<{ id: string | number; mail_message_id: string }>(
      'select id, mail_message_id from support_messages where reference = $1',
      [reference],
    )
    const threadId = Number(thread?.id)

    // Support finds it in the queue (open first) and opens it.
    const staffContext = await otherContext(session, server)
    try {
      const staff = await staffPage(server, 'support', session, { context: staffContext, name: 'Sipho Support' })
      await staff
        .getByRole('navigation')
        .getByRole('link', { name: /Messages/ })
        .click()
      await staff.getByRole('heading', { level: 1, name: 'Messages' }).waitFor()
      await staff.getByRole('link', { name: reference }).waitFor()
      expect(await staff.getByRole('button', { name: 'Open', exact: true }).getAttribute('aria-pressed')).toBe('true')
      await screenshot(staff, 'staff-messages')
      await staff.getByRole('link', { name: reference }).click()
      await expect.poll(() => staff.url()).toBe(`${staffOrigin(server)}/staff/messages/${threadId}`)
      await staff.getByRole('heading', { level: 1, name: `Conversation ${reference}` }).waitFor()

      // An internal note, then a reply: told apart before they are written and once they are.
      await staff.getByRole('radio', { name: 'Internal note (the team only)' }).check()
      await staff.getByLabel('Note', { exact: true }).fill(NOTE)
      await staff.getByRole('button', { name: 'Save note' }).click()
      await staff.getByText('Your note was saved for the team.').waitFor()
      await staff.getByText(/^Internal note by Sipho Support \(the customer never sees it\)/).waitFor()
      await staff.getByRole('radio', { name: 'Reply to the customer (mailed)' }).check()
      await staff.getByLabel('Reply', { exact: true }).fill(REPLY)
      await staff.getByRole('button', { name: 'Send reply' }).click()
      await staff.getByText(`Your reply was mailed to ${email}.`).waitFor()
      await staff.getByText(/^Reply by Sipho Support, mailed to the customer/).waitFor()
      expect(await staff.getByLabel('Status', { exact: true }).inputValue()).toBe('waiting')
      await screenshot(staff, 'staff-messages-thread')

      // The customer's mail threads under their message: In-Reply-To and References name the thread's first mail.
      const mails = await mailsTo(email)
      const reply = mails.find((m) => m.template === 'supportReply')
      expect(reply).toBeDefined()
      expect(reply?.subject).toContain(reference)
      expect(reply?.text).toContain(REPLY)
      expect(reply?.text).not.toContain(NOTE)
      expect(reply?.inReplyTo).toBe(thread?.mail_message_id)
      expect(reply?.references).toEqual([thread?.mail_message_id])
      expect(reply?.messageId).toMatch(/^<SUP-[A-Z2-7]{8}\.[0-9a-f]{16}@.+>$/)
      const acknowledgement = mails.find((m) => m.template === 'supportAcknowledgement')
      expect(acknowledgement?.references).toEqual([thread?.mail_message_id])
      expect(mails.every((m) => !m.text.includes(NOTE) && !m.html.includes(NOTE))).toBe(true)

      // The support page shows the reply and never the note, online and offline after a reload.
      await customer.reload()
      await customer.getByRole('heading', { name: 'Your conversations' }).waitFor()
      await customer.getByText(REPLY).waitFor()
      await customer.getByText('Answered: waiting for you').waitFor()
      expect(await customer.getByText(NOTE).count()).toBe(0)
      await screenshot(customer, 'support-conversation-1280')
      await customer.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
      await goOffline(customerContext, customer)
      await customer.reload()
      await customer.getByRole('heading', { level: 1, name: 'Support' }).waitFor()
      await customer.getByText(REPLY).waitFor()
      await customer.getByText(/^Last updated /).waitFor()
      expect(await customer.getByText(NOTE).count()).toBe(0)

      // An answer typed offline waits on the device, and goes once the connection is back: the thread is open again.
      await customer.getByLabel('Your answer', { exact: true }).fill(ANSWER)
      await customer.getByRole('button', { name: 'Send answer' }).click()
      await customer.getByText('Your answer, waiting to be sent').waitFor()
      await customer.getByText(ANSWER).waitFor()
      await screenshot(customer, 'support-conversation-offline-1280')
      await customerContext.setOffline(false)
      await customer.getByText('Open: our support team will answer').waitFor({ timeout: 20_000 })
      await expect.poll(() => customer.getByText('Your answer, waiting to be sent').count()).toBe(0)
      await customer.getByText(ANSWER).waitFor()
      expect(await horizontalOverflow(customer)).toBe(0)
      await screenshot(customer, 'support-conversation-answered-1280')
      const [after] = await server.db.query<{ status: string; answers: number }>(
        "select status, (select count(*)::int from support_entries where support_message_id = $1 and kind = 'answer') as answers from support_messages where id = $1",
        [threadId],
      )
      expect(after).toEqual({ status: 'open', answers: 1 })

      // Support sees the answer in the thread, open again, and the team got a notice linking it.
      await staff.reload()
      await staff.getByText(ANSWER).waitFor()
      expect(await staff.getByLabel('Status', { exact: true }).inputValue()).toBe('open')
      const notices = (await mailsTo('support@storefront.co.za')).filter((m) => m.template === 'supportAnswerNotice' && m.subject.includes(reference))
      expect(notices).toHaveLength(1)
      expect(notices[0]?.text).toContain(`/staff/messages/${threadId}`)
      expect(notices[0]?.inReplyTo).toBe(reply?.messageId)
    } catch (error) {
      for (const [index, page] of staffContext.pages().entries()) await screenshot(page, `failed-staff-${index}`).catch(() => undefined)
      throw error
    } finally {
      await staffContext.close()
    }
  })
})
