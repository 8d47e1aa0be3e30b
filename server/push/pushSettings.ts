import { shopOrigin } from '../mail/shopOrigin.ts'
import { vapidKeysMatch, type VapidKeys } from './vapid.ts'

/** Web Push settings: the VAPID pair and subject the server signs with, and whether the sandbox push service runs here. */
export interface PushSettings {
  keys: VapidKeys
  subject: string
  /** The sandbox push service (/sandbox/push) is mounted, and endpoints on this server's origin under it are allowed. */
  sandboxService: boolean
}

/** The demo's pair, public like the demo partner: production refuses it (unless SANDBOX=true), since anyone can sign with it. */
export const demoVapidKeys: VapidKeys = {
  publicKey: 'BMrbALxOO1zRZilUQplPSQO1j6FRLbrJtzlV_NSd2fVaftr00cJbTdTcmxBIkC68C0EtgrmC28AnSW3D55AprZ8',
  privateKey: 'Tk4PLT1UfBXfY-BCgTsYFBoiWEj8oICpXZ_qFEYL9No',
}
export const demoVapidSubject = 'mailto:support@storefront.co.za'

/** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (both or neither: neither is the demo pair) and VAPID_SUBJECT (unset: the demo's). */
export function readPush(e: { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string; VAPID_SUBJECT: string; SANDBOX: boolean; NODE_ENV: string }): PushSettings {
  if ((e.VAPID_PUBLIC_KEY === '') !== (e.VAPID_PRIVATE_KEY === ''))
    throw new Error('Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npm run push:keys prints a pair)')
  return {
    keys: e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : demoVapidKeys,
    subject: e.VAPID_SUBJECT || demoVapidSubject,
    sandboxService: e.SANDBOX || e.NODE_ENV !== 'production',
  }
}

/** Hosts a push service will not take as a contact (Apple answers 403 BadJwtToken): nobody could reach the operator there. */
const placeholderHost = /(^|\.)(localhost|local|test|invalid|example)$|(^|\.)example\.[a-z.]+$/i

/** The host a subject names: the domain of a mailto: address, or an https: URL's host. */
function subjectHost(subject: string): string | undefined {
  if (subject.startsWith('mailto:')) return /@([^@?\s>]+)/.exec(subject)?.[1]?.toLowerCase()
  if (!subject.startsWith('https:')) return undefined
  try {
    return new URL(subject).hostname.toLowerCase()
  } catch {
    return undefined
  }
}

/** Why the push settings are not fit for real customers, one sentence each (server/productionChecks.ts). */
export function pushProblems(push: PushSettings, sandboxes: boolean): string[] {
  const problems: string[] = []
  const demo = push.keys.publicKey === demoVapidKeys.publicKey || push.keys.privateKey === demoVapidKeys.privateKey
  if (demo && !sandboxes)
    problems.push(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set (or are the demo's public pair), so anyone could sign pushes as this shop: run npm run push:keys and set the pair it prints (docs/push.md), or SANDBOX=true on a staging server",
    )
  else if (!demo && !vapidKeysMatch(push.keys))
    problems.push(
      'VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY, so every push service would refuse our notifications: set the pair npm run push:keys printed together',
    )
  const host = subjectHost(push.subject)
  if (push.subject === demoVapidSubject) {
    if (!sandboxes)
      problems.push(
        `VAPID_SUBJECT is not set (the demo's ${demoVapidSubject}): set a mailto: address or https: page where push services can reach the operator, or SANDBOX=true on a staging server`,
      )
  } else if (host === undefined)
    problems.push(
      `VAPID_SUBJECT (${push.subject}) is not a mailto: address or an https: URL, which push services require: set one where they can reach the operator`,
    )
  else if (placeholderHost.test(host))
    problems.push(
      `VAPID_SUBJECT (${push.subject}) names ${host}, where nobody can be reached (Apple's push service refuses it with 403): set a real mailto: address or https: page of the shop`,
    )
  return problems
}

/** What a server built without the environment (tests' createApp) runs with: the demo's, as loadConfig({}) reads it. */
export const demoPushSettings: PushSettings = { keys: demoVapidKeys, subject: demoVapidSubject, sandboxService: true }

/** The origin the sandbox push service answers on, where it runs: this server's own (server/mail/shopOrigin.ts). */
export const pushSandboxOrigin = (push: PushSettings): string | undefined => (push.sandboxService ? shopOrigin() || undefined : undefined)
