import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { type ClientSettings, clientSettingsElementId } from '../../src/domain/clientSettings.ts'

// The settings the server writes into every page it serves (src/config.ts reads them once, as the app starts).
const settings: ClientSettings = { apiKey: 'component-test', i18nHost: '', googleMapsKey: '', googlePay: null, socialProviders: [] }
const element = document.createElement('script')
element.type = 'application/json'
element.id = clientSettingsElementId
element.textContent = JSON.stringify(settings)
document.head.append(element)

// jsdom has no layout: the router's scroll restoration has nothing to scroll.
window.scrollTo = () => undefined

// Each test starts on an empty page (Testing Library unmounts by itself only with vitest globals on).
afterEach(() => cleanup())
