import { describe, expect, it } from 'vitest'
import type * as v from 'valibot'
import { SignupSchema } from '../../../src/domain/account.ts'
import { CreateOrderRequestSchema } from '../../../src/domain/order.ts'
import { WalletPaymentRequestSchema } from '../../../src/domain/payment.ts'
import { SupportRequestSchema } from '../../../src/domain/support.ts'
import { accountsApp, useAccountsApp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'

type Json = { [key: string]: unknown }
type Doc = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Json>>; components?: Json }

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

/** What the app really answers under /api, as "METHOD /path/{param}"; middleware (ALL on a wildcard) aside. */
const servedRoutes = (app: TestApp) =>
  new Set(
    app.routes
      .filter((route) => route.path.startsWith('/api/') && !(route.method === 'ALL' && route.path.endsWith('*')))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}')}`),
  )

const documentedRoutes = (doc: Doc) =>
  new Set(
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => methods.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    ),
  )

const documentOf = async (app: TestApp): Promise<Doc> => {
  const res = await app.request('/api/openapi.json')
  expect(res.status).toBe(200)
  return (await res.json()) as Doc
}

/** Every "$ref" anywhere in the document, with the JSON pointer it names. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found)
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) key === '$ref' && typeof inner === 'string' ? found.push(inner) : refsIn(inner, found)
  return found
}

const resolvePointer = (doc: unknown, ref: string) =>
  ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Json)[part] : undefined), doc)

type AnySchema = v.GenericSchema & { type: string; entries?: Record<string, AnySchema>; wrapped?: AnySchema; item?: AnySchema }
const mayBeLeftOut = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable'])
const unwrap = (schema: AnySchema): AnySchema => (schema.wrapped ? unwrap(schema.wrapped) : schema)

/** The JSON Schema object a body schema (or a branch of it) is, following $refs and picking the object of an anyOf. */
function objectIn(doc: Doc, schema: Json): Json {
  if (typeof schema.$ref === 'string') return objectIn(doc, resolvePointer(doc, schema.$ref) as Json)
  const branch = (schema.anyOf as Json[] | undefined)?.find((member) => member.type === 'object' || member.$ref)
  return branch ? objectIn(doc, branch) : schema
}

/** Where the document's object schema and the valibot object disagree: property names and which are required, all the way down. */
function disagreements(doc: Doc, json: Json, schema: AnySchema, at = 'body'): string[] {
  const object = unwrap(schema)
  if (object.type === 'array' && object.item) return disagreements(doc, objectIn(doc, (json.items ?? {}) as Json), object.item, `${at}[]`)
  if (object.type !== 'object' || !object.entries) return []
  const properties = (json.properties ?? {}) as Record<string, Json>
  const required = new Set((json.required ?? []) as string[])
  const found: string[] = []
  if (Object.keys(properties).sort().join() !== Object.keys(object.entries).sort().join())
    found.push(`${at}: properties ${Object.keys(properties)} vs ${Object.keys(object.entries)}`)
  for (const [key, entry] of Object.entries(object.entries)) {
    if (required.has(key) === mayBeLeftOut.has(entry.type)) found.push(`${at}.${key}: required ${required.has(key)}, valibot ${entry.type}`)
    if (properties[key]) found.push(...disagreements(doc, objectIn(doc, properties[key]), entry, `${at}.${key}`))
  }
  return found
}

const bodySchema = (doc: Doc, method: string, path: string) => {
  const operation = doc.paths[path]?.[method] as { requestBody?: { content: Record<string, { schema: Json }> } } | undefined
  const schema = operation?.requestBody?.content['application/json']?.schema
  if (!schema) throw new Error(`${method} ${path} documents no JSON body`)
  return objectIn(doc, schema)
}

describe('the OpenAPI document at GET /api/openapi.json', () => {
  const env = useAccountsApp()

  it('describes every route the app serves under /api, and no route it does not serve', async () => {
    const served = servedRoutes(env.app)
    expect(served.size).toBeGreaterThan(20)
    expect([...documentedRoutes(await documentOf(env.app))].sort()).toEqual([...served].sort())
  })

  it('would miss a route added without a description, so the check above can fail', async () => {
    const app = accountsApp(env.t.db)
    app.get('/api/v9/undescribed/:id', (c) => c.json({}))
    const documented = documentedRoutes(await documentOf(app))
    const missing = [...servedRoutes(app)].filter((route) => !documented.has(route))
    expect(missing).toEqual(['GET /api/v9/undescribed/{id}'])
  })

  it('is OpenAPI 3.1 whose every $ref resolves, every operation answers something and every path parameter is declared', async () => {
    const doc = await documentOf(env.app)
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info.title).not.toBe('')
    expect(doc.info.version).not.toBe('')
    const refs = refsIn(doc)
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\//)
      expect(resolvePointer(doc, ref), ref).toBeTypeOf('object')
    }
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(Object.keys(operation.responses as Json).length, `${method} ${path}`).toBeGreaterThan(0)
        const declared = ((operation.parameters ?? []) as Json[]).filter((p) => p.in === 'path' && p.required === true).map((p) => p.name)
        expect(declared.sort(), `${method} ${path}`).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort())
      }
    }
  })

  it('describes each body by the valibot schema its route reads it with: the same fields, the same ones required', async () => {
    const doc = await documentOf(env.app)
    const signUp = bodySchema(doc, 'post', '/api/v2/users')
    expect(signUp.required).toEqual(['user'])
    expect(objectIn(doc, (signUp.properties as Record<string, Json>).user!).required).toEqual(['ricaAddress'])
    const order = objectIn(doc, (bodySchema(doc, 'post', '/api/v10/partner/order/{user_id}').properties as Record<string, Json>).order!)
    expect(order.required).toEqual(expect.arrayContaining(['id', 'order_lines', 'deliveryAddress']))
    expect((order.properties as Record<string, Json>).id).toMatchObject({ type: 'string', format: 'uuid' })
    const bodies: Array<[string, string, v.GenericSchema]> = [
      ['post', '/api/v2/users', SignupSchema],
      ['post', '/api/v10/partner/order/{user_id}', CreateOrderRequestSchema],
      ['post', '/api/support/messages', SupportRequestSchema],
      ['post', '/api/v8/partner/billing/payment/', WalletPaymentRequestSchema],
    ]
    for (const [method, path, schema] of bodies) expect(disagreements(doc, bodySchema(doc, method, path), schema as AnySchema), path).toEqual([])
  })

  it('is served without the Key header, while the API itself still asks for one', async () => {
    const res = await env.app.request('/api/openapi.json')
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect((await env.app.request('/api/v2/bootstrap')).status).toBe(401)
  })
})
