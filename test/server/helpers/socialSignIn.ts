import { expect } from 'vitest'
import type { RunningServer } from '../../../server/server.ts'
import { password, sessionCookie } from './accounts.ts'

const formActions = (html: string) => [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1] ?? '')

/** The action of the sandbox sign-in page's first form: pick a listed tester. */
export const pickFormAction = (html: string) => formActions(html)[0] ?? ''

/** The action of the sandbox sign-in page's "Another identity" form (the second form on the page). */
export const typedFormAction = (html: string) => formActions(html)[1] ?? ''

/** A form posted as a browser posts it. */
export const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

export type ServerApi = (path: string, init?: { method?: string; body?: unknown; cookie?: string }) => Promise<Response>

/** JSON calls to the running server's /api with its Key and, when given, a session cookie. */
export const serverApi =
  (env: { readonly server: RunningServer }, apiKey: string): ServerApi =>
  (path, init = {}) =>
    fetch(`${env.server.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { Key: apiKey, 'Content-Type': 'application/json', ...(init.cookie ? { Cookie: init.cookie } : {}) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })

/** Signs a customer up with a password (Nomsa Dube unless `user` names someone else) and answers their id and session cookie. */
export async function passwordSignUp(api: ServerApi, user: { email: string; first_name?: string; last_name?: string; id_number?: string }) {
  const res = await api('/v2/users', {
    method: 'POST',
    body: {
      user: {
        first_name: 'Nomsa',
        last_name: 'Dube',
        id_number: '9001015800088',
        password,
        phone: '0821234567',
        ricaAddress: { street_number: '1', street_name: 'Main Road', city: 'Durban', province: 'KwaZulu-Natal', postal_code: '4001' },
        ...user,
      },
    },
  })
  expect(res.status).toBe(201)
  return { id: ((await res.json()) as { user: { id: number } }).user.id, cookie: sessionCookie(res) ?? '' }
}
