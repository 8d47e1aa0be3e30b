/**
 * The staff app in a real Chromium: a page with a virtual authenticator (WebAuthn through the DevTools protocol, as a
 * platform authenticator holding discoverable passkeys and verifying its user), signed in by accepting an invite made
 * in the server's own database, as a new member would from the invite link.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { StaffRole } from '../../../src/domain/staff.ts'
import type { RunningServer } from '../../../server/server.ts'
import { createInvite } from '../../../server/staff/staffInvites.ts'
import { DESKTOP, newContext, type Session, watchProblems } from '../browser.ts'

/**
 * The server's origin as a staff member's browser reaches it: a passkey is bound to a host name, which an IP address
 * is not (WebAuthn refuses one), so `localhost`.
 */
export const staffOrigin = (server: RunningServer) => `http://localhost:${server.port}`

/** A page's virtual authenticator: its DevTools session and id, to read or clear its passkeys. */
export interface VirtualAuthenticator {
  cdp: CDPSession
  authenticatorId: string
}

const authenticators = new WeakMap<Page, VirtualAuthenticator>()

/** Gives the page a virtual authenticator of its own (ctap2, internal, resident keys, user verified). */
export async function addAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  })
  const authenticator = { cdp, authenticatorId }
  authenticators.set(page, authenticator)
  return authenticator
}

/** The virtual authenticator staffPage gave the page. */
export function authenticatorOf(page: Page): VirtualAuthenticator {
  const authenticator = authenticators.get(page)
  if (!authenticator) throw new Error('authenticatorOf: this page has no virtual authenticator (open it with staffPage)')
  return authenticator
}

/** An invite made straight in the server's database (as the command line makes the first owner's): its link's token. */
export async function inviteInDatabase(server: RunningServer, invite: { role: StaffRole; email: string; name: string }): Promise<string> {
  const { token } = await server.db.transaction((tx) => createInvite(tx, { ...invite, invitedBy: null }))
  return token
}

export interface StaffPageOptions {
  email?: string
  name?: string
  viewport?: { width: number; height: number }
  /** A context of its own (a second member beside the test's first); the test's context otherwise. */
  context?: BrowserContext
}

let members = 0

/**
 * A Chromium page signed in to the staff app as a new member with `role`: the invite is made in `server`'s database,
 * the page opens /staff/invite/<token>, presses "Create my passkey" and lands on the staff home. Desktop width
 * unless `viewport` says otherwise; the page is watched for errors like every e2e page (session.problems).
 */
export async function staffPage(server: RunningServer, role: StaffRole, session: Session, options: StaffPageOptions = {}): Promise<Page> {
  members += 1
  const email = options.email ?? `${role}-${members}-${Date.now()}@staff.example`
  const name = options.name ?? `Test ${role} ${members}`
  const context = options.context ?? (await session.context({ baseURL: staffOrigin(server), viewport: options.viewport ?? DESKTOP }))
  const page = await context.newPage()
  watchProblems(page, session.problems)
  await addAuthenticator(page)
  const token = await inviteInDatabase(server, { role, email, name })
  await page.goto(`${staffOrigin(server)}/staff/invite/${token}`)
  await expect.poll(() => page.getByText(email).count()).toBe(1)
  await page.getByRole('button', { name: 'Create my passkey' }).click()
  await expect.poll(() => page.url()).toBe(`${staffOrigin(server)}/staff`)
  await page.getByRole('navigation').waitFor()
  return page
}

/** A second, separate context (its own cookies) for another member in the same test. */
export const otherContext = (session: Session, server: RunningServer, viewport = DESKTOP) =>
  newContext(session.browser(), { baseURL: staffOrigin(server), viewport })
