import { describe, expect, it } from 'vitest'
import { useAccountsApp } from '../helpers/accounts.ts'
import { staffRoutesOf } from '../helpers/staffRoutes.ts'

type Operation = { security?: Record<string, string[]>[]; description?: string; responses: Record<string, unknown> }
type Doc = { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, Record<string, string>> } }

describe('the staff API in GET /api/openapi.json', () => {
  const env = useAccountsApp()

  it('describes every staff route with the staff session scheme (none for the open ones) and the permission its allow() declares', async () => {
    const doc = (await (await env.app.request('/api/openapi.json')).json()) as Doc
    expect(doc.components.securitySchemes.staffSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'staff_sid' })
    const routes = staffRoutesOf(env.app)
    expect(routes.length).toBeGreaterThanOrEqual(12)
    for (const { method, path, access } of routes) {
      const where = `${method} ${path}`
      const operation = doc.paths[path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}')]?.[method.toLowerCase()]
      expect(operation, where).toBeDefined()
      if (!operation) continue
      if (access === 'anyone') {
        expect(operation.security, where).toEqual([])
        continue
      }
      expect(operation.security, where).toEqual([{ staffSession: [] }])
      expect(operation.responses, where).toHaveProperty('401')
      if (access !== 'signed-in') {
        expect(operation.description, where).toContain(`Needs the staff permission ${access} `)
        expect(operation.responses, where).toHaveProperty('403')
      }
    }
  })
})
