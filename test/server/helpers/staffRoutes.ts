import { uniqueSymbol } from 'hono-openapi'
import { permissionOf } from '../../../server/staff/allow.ts'
import type { StaffAccess } from '../../../server/staff/allow.ts'
import { staffApiPath } from '../../../server/staff/staffCookie.ts'
import type { TestApp } from './accounts.ts'

export interface StaffRoute {
  method: string
  /** As Hono writes it: /api/staff/team/:id. */
  path: string
  /** What its allow() declares; undefined when it has none. */
  access: StaffAccess | undefined
  /** How many allow() it has (exactly one, first, is right). */
  allows: number
  /** Whether allow() is its first handler (its OpenAPI description aside, which only calls on). */
  allowFirst: boolean
}

type Guarded = { [permissionOf]?: StaffAccess; [uniqueSymbol]?: { spec?: unknown } }

/** describeRoute's middleware does nothing but call the next one; hono-openapi's validator, by contrast, answers 400. */
const isDescription = (handler: Guarded) => handler[uniqueSymbol]?.spec !== undefined

/**
 * Every route the app serves under /api/staff, found in Hono's route table, with the access its allow() declares:
 * the staff API's own middleware (ALL on a wildcard) aside. A route another area adds is found the same way.
 */
export function staffRoutesOf(app: TestApp): StaffRoute[] {
  const byRoute = new Map<string, Guarded[]>()
  for (const route of app.routes) {
    if (!route.path.startsWith(`${staffApiPath}/`) || (route.method === 'ALL' && route.path.endsWith('*'))) continue
    const key = `${route.method} ${route.path}`
    byRoute.set(key, [...(byRoute.get(key) ?? []), route.handler as Guarded])
  }
  return [...byRoute].map(([key, handlers]) => {
    const [method = '', path = ''] = key.split(' ')
    const allows = handlers.filter((h) => h[permissionOf] !== undefined)
    const first = handlers.find((h) => !isDescription(h))
    return { method, path, access: allows[0]?.[permissionOf], allows: allows.length, allowFirst: first?.[permissionOf] !== undefined }
  })
}

/** The path with every parameter filled with a value that names nothing. */
export const placeholderPath = (path: string) => path.replace(/:\w+(\{[^}]*\})?\??/g, '999999999')
