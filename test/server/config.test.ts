import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'

describe('the server configuration', () => {
  it('starts on port 8080 with an embedded database, the sandbox key and seed data when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: '',
      apiKey: 'storefront-sandbox-key',
      seed: true,
      nodeEnv: 'production',
    })
  })

  it('reads every variable from the environment', () => {
    const env = { PORT: '3000', HOST: '0.0.0.0', DATABASE_URL: 'postgres://u:p@db:5432/shop', API_KEY: 'k', SEED: 'false', NODE_ENV: 'development' }
    expect(loadConfig(env)).toEqual({ port: 3000, host: '0.0.0.0', databaseUrl: 'postgres://u:p@db:5432/shop', apiKey: 'k', seed: false, nodeEnv: 'development' })
  })

  it('accepts memory: and postgresql:// database URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'memory:' }).databaseUrl).toBe('memory:')
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/shop' }).databaseUrl).toBe('postgresql://localhost/shop')
  })

  it('names each invalid variable in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', SEED: 'maybe', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*(SEED|DATABASE_URL)/)
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/)
    expect(() => loadConfig({ API_KEY: '' })).toThrow(/API_KEY/)
  })
})
