import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { takeLanguagePicks } from './app/LanguageSelect.tsx'
import { afterFirstPaint } from './app/afterFirstPaint.ts'
import { nextTask } from './lib/idle.ts'
import { takeFirstTaps } from './lib/firstTaps.ts'
import { createAppRouter, prepareHydration } from './router.ts'
import { restoreLanguage, showPageLanguage } from './i18n/restoreLanguage.ts'
import { chooseLanguage } from './i18n/language.ts'
import { isLocale } from './i18n/locales.ts'
import { appOutboxKinds, createServices, showNewDevice } from './app/services.ts'
import { isNewDevice, whenDeviceInUse } from './lib/device.ts'
import { readFirstPaintCatalogue } from './features/catalogue/firstPaint.ts'
import { defined } from './domain/defined.ts'
import { listenForErrors, rootErrorOptions } from './app/errorHooks.ts'
import { configureErrorReports } from './reportError.ts'
import { i18n } from './i18n/i18n.ts'
import './ui/styled.ts'

// From the first line on, what goes wrong in the page reaches the operator (queued in the app's outbox while offline).
configureErrorReports({
  release: import.meta.env.VITE_BUILD_ID,
  send: (report) => import('./features/errors/clientErrorQueue.ts').then(({ reportClientError }) => reportClientError(report, services.outbox)),
})
listenForErrors()

// The composition root: the app's long-lived services (cart, auth, outbox, the installed app), built once and handed
// to React by <App> and to the guards by the router. Nothing of theirs loads yet.
const services = createServices({ outboxKinds: appOutboxKinds })

// Each step of the boot below runs in a task of its own (nextTask), so none adds to a long one on a slow phone:
// the modules' evaluation, the router, the page's catalogue and language, the route's load, hydration.
await nextTask()
const router = createAppRouter(services)

// A logout (here or in another tab) re-runs the guards, so a customer-only page leaves at once.
const { session } = services.auth
let wasCustomer = false
session.subscribe(() => {
  const isCustomer = session.get().status === 'customer'
  if (wasCustomer && !isCustomer) void router.invalidate()
  wasCustomer = isCustomer
})

await nextTask()
const root = defined(document.getElementById('root'), 'the #root element of index.html')
// A page the server rendered (/ and /cart on a first visit) carries its catalogue; the worker's app shell does not.
const firstPaint = readFirstPaintCatalogue(document)
// Hydration needs the very language the server drew the page in (<html lang>, from the lang cookie).
const hydrating = firstPaint !== undefined && (await showPageLanguage(document))

/** From the moment React handles taps: those made on the server's cards before are added first, in order. */
function addFirstTaps(): void {
  for (const tap of takeFirstTaps(root)) services.cart.addFirstTap(tap)
}

if (hydrating) {
  await nextTask()
  await prepareHydration(router)
  await nextTask()
  addFirstTaps()
  // A language picked in the server's selector before the app ran is still in the page: it is chosen now.
  const picked = root.querySelector<HTMLSelectElement>('select[name="language"]')?.value
  // From here a pick is carried out whether React has hydrated the selector yet or not.
  takeLanguagePicks(document)
  // Hydrating in a transition lets React yield to the browser between components: no single long task.
  startTransition(() => {
    hydrateRoot(root, <App router={router} services={services} catalogue={firstPaint} />, rootErrorOptions)
  })
  if (isLocale(picked) && picked !== document.documentElement.lang) void chooseLanguage(picked)
} else {
  // The app shell paints in the language last chosen on this device: no flash of English.
  await restoreLanguage()
  addFirstTaps()
  takeLanguagePicks(document)
  createRoot(root, rootErrorOptions).render(<App router={router} services={services} {...(firstPaint && { catalogue: firstPaint })} />)
}

/** What the device holds comes back, one piece per idle period. */
const restoreDevice = [
  // The choice in the log agrees with the cookie the server drew in unless another tab changed it since;
  // from here this tab also follows the others' choices.
  () => hydrating && restoreLanguage(),
  () => services.cart.start(),
  () => services.auth.session.start(),
  // Queued writes (orders, support messages, logouts) left by an earlier visit go out; then whenever the session
  // changes, the connection returns or a wait is over.
  () => services.outbox.start(),
]

// A first visit has nothing to read back: the cart is empty and nobody is signed in, known without the store's
// code, which loads once the customer keeps something (or another tab does).
void isNewDevice().then((isNew) => {
  if (isNew) showNewDevice(services)
})

afterFirstPaint([
  () => whenDeviceInUse(() => afterFirstPaint(restoreDevice)),
  // The connection, a waiting version and the install offer: loaded while the network is there (a failed load is
  // tried again by the next event it hears).
  () => services.pwa.start().catch(() => undefined),
  // The worker registers last; in dev, Vite serves modules the worker could not precache.
  () => import.meta.env.PROD && import('./pwa/pwaRuntime.ts').then(({ registerServiceWorker }) => registerServiceWorker(services.pwa.announceUpdate)),
  // This device's push subscription is stored again for the signed-in customer's session (src/pwa/pushStart.ts).
  () => import('./pwa/pushStart.ts').then(({ recheckPushWhileSignedIn }) => recheckPushWhileSignedIn(services.auth.session, i18n)),
])
