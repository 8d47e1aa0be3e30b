import * as v from 'valibot'
import { EnvSchema, loadConfig } from '../config.ts'
import { productionProblems } from '../productionChecks.ts'
import { socialProviders } from '../social/providerConfig.ts'

/** docs/configuration.md, written by `npm run docs:config` and held to this by a unit test. */
export const configurationReferencePath = 'docs/configuration.md'

/** Variables only `npm run build` reads: what names the build and what is code; every setting that differs between environments is the server's. */
export const buildTimeVariables: readonly { name: string; default: string; description: string }[] = [
  { name: 'BUILD_ID', default: 'the time of the build', description: 'The version the service worker reports.' },
  {
    name: 'BUILD_COMMIT',
    default: 'what `git rev-parse HEAD` says (`unknown` without .git)',
    description: 'The commit the compiled server reports as its release (start line, `storefront_build_info`): an image build has no .git, so pass it.',
  },
  {
    name: 'VITE_LAB',
    default: '`true`',
    description: '`false` leaves the machine lab (`/lab`) out of the bundle and the service worker’s precache entirely (`/lab` then answers "Page not found").',
  },
]

/** A production that refuses nothing, so each probe below shows only what its one variable changes. */
const safeProduction: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://shop:secret@db.example.co.za/shop',
  API_KEY: 'an-own-key',
  SEED: 'false',
  PUBLIC_URL: 'https://shop.example.co.za',
  PAYMENT_BASE_URL: 'https://eu-prod.oppwa.com',
  PAYMENT_ENTITY_ID: 'entity',
  PAYMENT_ACCESS_TOKEN: 'token',
  NETWORK_BASE_URL: 'https://api.enabler.example.co.za',
  NETWORK_API_TOKEN: 'token',
  NETWORK_WEBHOOK_SECRET: 'a-webhook-secret-of-at-least-32-characters',
  SMTP_URL: 'smtps://shop:secret@smtp.example.co.za',
  MAIL_FROM: 'no-reply@example.co.za',
  PARTNER_ID: '4711',
  PARTNER_AGENT_EMAIL: 'orders@example.co.za',
  ...Object.fromEntries(
    socialProviders.flatMap((p) => [
      [`${p.toUpperCase()}_ISSUER`, `https://${p}.example.com`],
      [`${p.toUpperCase()}_CLIENT_ID`, 'client'],
      [`${p.toUpperCase()}_CLIENT_SECRET`, 'secret'],
    ]),
  ),
}

/** Values tried on each variable, one at a time, to find those production refuses. */
const probes = [
  '0',
  'false',
  'true',
  'memory:',
  'http://shop.example.co.za',
  '1024',
  'TEST',
  'PRODUCTION',
  'https://eu-test.oppwa.com',
  'smtp://shop:secret@smtp.example.co.za:587?ignoreTLS=true',
]

const problemsOf = (env: Record<string, string>, client = { lab: false }): string[] | undefined => {
  try {
    return productionProblems({ ...loadConfig(env), client })
  } catch {
    return undefined
  }
}

/** Whether a refusal names the variable; the social check names GOOGLE, FACEBOOK… once and their _CLIENT_ID… after. */
const names = (problem: string, key: string): boolean => {
  // "or SANDBOX=true" offers a way out; it is not a refusal of SANDBOX.
  if (new RegExp(`\\b${key}\\b(?!=)`).test(problem)) return true
  const provider = socialProviders.find((p) => key.startsWith(`${p.toUpperCase()}_`))
  return provider !== undefined && problem.includes(provider.toUpperCase()) && problem.includes(key.slice(provider.length))
}

interface Facts {
  default?: unknown
  options?: readonly unknown[]
  min?: number
  max?: number
  rules: string[]
  description?: string
}

type Node = {
  type: string
  kind?: string
  pipe?: readonly Node[]
  wrapped?: Node
  default?: unknown
  options?: readonly unknown[]
  requirement?: unknown
  message?: unknown
  description?: string
}

function collect(node: Node, key: string, facts: Facts): void {
  if (node.type === 'optional') facts.default = node.default
  if (node.type === 'picklist' && node.options) facts.options = node.options
  if (node.type === 'min_value') facts.min = node.requirement as number
  if (node.type === 'max_value') facts.max = node.requirement as number
  if (node.type === 'description' && node.description) facts.description = node.description
  if (['regex', 'check', 'email', 'non_empty', 'min_length'].includes(node.type) && typeof node.message === 'string')
    facts.rules.push(node.message.startsWith(`${key} `) ? node.message.slice(key.length + 1) : node.message)
  if (node.wrapped) collect(node.wrapped, key, facts)
  for (const step of node.pipe ?? []) if (step !== node) collect(step, key, facts)
}

const code = (value: unknown): string => (value === '' ? '(empty)' : `\`${String(value)}\``)

function allowed(facts: Facts): string | undefined {
  if (facts.options)
    return `one of ${facts.options
      .filter((o) => o !== '')
      .map(code)
      .join(', ')}`
  if (facts.min !== undefined && facts.max !== undefined) return `a whole number from ${facts.min} to ${facts.max}`
  if (facts.max !== undefined) return `a whole number up to ${facts.max}`
  if (facts.rules.length > 0) return [...new Set(facts.rules)].join('; ')
  return undefined
}

/** The schema's keys, in its order. */
export const environmentKeys = (): string[] => Object.keys(EnvSchema.entries)

/** The keys whose schema carries no description. */
export const undescribedKeys = (): string[] => environmentKeys().filter((key) => !v.getDescription(EnvSchema.entries[key as keyof typeof EnvSchema.entries]))

/** docs/configuration.md as the schema and the production checks make it now. */
export function renderConfigurationReference(): string {
  const demoProblems = problemsOf({ NODE_ENV: 'production' }) ?? []
  const baseline = new Set(problemsOf(safeProduction) ?? [])
  const lines = [
    '# Configuration',
    '',
    '<!-- Written by `npm run docs:config` from the environment schema (`EnvSchema` in server/config.ts); a unit test fails when it is stale. -->',
    '',
    'The server reads these variables once when it starts and refuses to start, naming every bad one, when one does not parse.',
    'With `NODE_ENV=production` it also refuses the demo’s conveniences (`server/productionChecks.ts`): **Production** below says which',
    'values it refuses, found by trying them. See [operations.md](operations.md) for running it.',
    '',
    '## Server',
    '',
  ]
  const firstNamedBy = new Map<string, string>()
  for (const key of environmentKeys()) {
    const facts: Facts = { rules: [] }
    collect(EnvSchema.entries[key as keyof typeof EnvSchema.entries] as unknown as Node, key, facts)
    const refused = demoProblems.filter((p) => names(p, key)).map((p) => `refuses the default: ${p}`)
    for (const probe of probes) {
      const added = (problemsOf({ ...safeProduction, [key]: probe }) ?? []).filter((p) => !baseline.has(p) && names(p, key) && !demoProblems.includes(p))
      refused.push(...added.map((p) => `refuses ${code(probe)}: ${p}`))
    }
    lines.push(`### \`${key}\``, '', facts.description ?? '(no description)', '')
    lines.push(`- Default: ${facts.default === undefined ? 'none' : code(facts.default)}`)
    const format = allowed(facts)
    if (format) lines.push(`- Allowed: ${format}`)
    for (const r of [...new Set(refused)]) {
      // A refusal that names several variables is written out once, under the first.
      const first = firstNamedBy.get(r)
      lines.push(first ? `- Production ${r.slice(0, r.indexOf(': '))}, as under \`${first}\`` : `- Production ${r}`)
      if (!first) firstNamedBy.set(r, key)
    }
    lines.push('')
  }
  const labProblems = (problemsOf(safeProduction, { lab: true }) ?? []).filter((p) => !baseline.has(p))
  lines.push(
    '## Build time',
    '',
    '`npm run build` (and `npm start`, when it builds the client) reads these; they name the build or decide what code it holds.',
    'Every setting that differs between environments is the server’s, handed to the page when it is served (configuration-runtime.md).',
    '',
  )
  for (const b of buildTimeVariables) {
    lines.push(`### \`${b.name}\``, '', b.description, '', `- Default: ${b.default}`)
    if (b.name === 'VITE_LAB') for (const p of labProblems) lines.push(`- Production refuses a client built without \`VITE_LAB=false\`: ${p}`)
    lines.push('')
  }
  return `${lines.join('\n').trimEnd()}\n`
}
