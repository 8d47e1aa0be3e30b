import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { configurationReferencePath, renderConfigurationReference, undescribedKeys } from './configurationReference.ts'

/** `npm run docs:config`: writes docs/configuration.md from the environment schema. */
const missing = undescribedKeys()
if (missing.length > 0) {
  console.error(`Describe these variables in server/config.ts first: ${missing.join(', ')}`)
  process.exitCode = 1
} else {
  mkdirSync(dirname(configurationReferencePath), { recursive: true })
  writeFileSync(configurationReferencePath, renderConfigurationReference())
  console.log(`wrote ${configurationReferencePath}`)
}
