import { Hono } from 'hono'
import type { Context } from 'hono'
import type { Queryable } from '../../db/types.ts'
import { idParam } from '../../http/idParam.ts'
import { acceptedLanguage, hintedLanguage } from '../../i18n/requestLanguage.ts'
import { readMail, readMailbox } from '../../mail/sandboxMailbox.ts'
import { pagePolicy } from '../identity/page.ts'
import { shopperI18n } from '../i18n.ts'
import { mailboxPage, mailGonePage } from './page.ts'

/** Where the sandbox mailbox is served when no SMTP_URL is set. */
export const mailboxPrefix = '/sandbox/mail'

// Never cached (a tester reloads to see a new mail); links followed from a mail do not carry this page's address.
const headers = { 'Content-Security-Policy': pagePolicy, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

/** The tester's language: ?lang=, else the storefront's lang cookie, else Accept-Language. */
const testerI18n = (c: Context) => shopperI18n(c.req.query('lang'), hintedLanguage(c), acceptedLanguage(c))

/** GET /sandbox/mail?address=…: the mails sent to an address; GET /sandbox/mail/:id: one of them as its HTML part. */
export function sandboxMailboxRoutes(db: Queryable) {
  return new Hono()
    .get('/', async (c) => {
      const address = (c.req.query('address') ?? '').trim().slice(0, 254)
      const found = address ? await readMailbox(db, address) : []
      return c.html(mailboxPage(await testerI18n(c), address, found), 200, headers)
    })
    .get('/:id', async (c) => {
      const id = idParam(c.req.param('id'))
      const mail = id === undefined ? undefined : await readMail(db, id)
      if (!mail) return c.html(mailGonePage(await testerI18n(c)), 404, headers)
      // The mail as a mail reader shows it: its own inline styles, nothing else loads.
      return c.html(mail.html, 200, {
        ...headers,
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      })
    })
}
