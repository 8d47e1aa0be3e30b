// The architecture, checked by `npm run lint:deps` (part of `npm test`). Rungs, top to bottom, as the imports stand;
// a module imports its own rung and those below it, and the rules below name each boundary:
//   src/routes/, src/app/    compose screens; only routes/ mount the lab (devtools/), through a dynamic import
//   src/devtools/            tools for testers (the machine lab), never imported by the customer's code
//   src/features/<area>/     one customer area each, never another area: what two share lives in lib/ or domain/
//   src/sandboxes/           in-page stand-ins for outside services (Google Pay's client), only ever imported dynamically
//   src/store/ api/ outbox/ i18n/ pwa/ lib/, src/config.ts, src/reportError.ts
//                            one rung of services (the device's data, the network, the outbox, languages, the
//                            installed app and the helpers of lib/): they import one another (outbox/ sends through
//                            store/ and api/, store/ and pwa/ take lib/'s ids and device), never a screen nor the worker
//   src/ui/                  primitives, layout, toaster, icons: domain/ and lib/'s leaf helpers (toaster, validation texts)
//   machines/                pure XState machines: only src/domain/; the services and features provide their effects
//   src/domain/              entities, money, schemas and what the page shares with the worker and the server: pure
// Beside the page, each on its own runtime:
//   sw/                      the service worker: src/domain/ and the three contracts it shares with the page (the
//                            outbox's lifecycle, the queued write on the wire, the page's and worker's messages);
//                            Workbox, no React
//   server/                  the Node backend: of src/ only src/domain/
//   test/                    imports anything; nothing imports it
/** One forbidden import: every rule is an error, and says why in its comment. */
const rule = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to })
/** A folder of src/ that imports, of the project's own code, only the src/ folders it allows (itself among them). */
const importsOnly = (name, comment, folder, allowed) =>
  rule(name, comment, { path: `^src/${folder}/` }, { path: '^(src|machines|sw|server|test)/', pathNot: `^src/(${allowed.join('|')})/` })

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    rule('no-circular', 'Import circles make load order matter and hide which module owns what.', {}, { circular: true }),
    importsOnly(
      'ui-imports-only-domain-and-lib',
      'ui/ is the bottom of the page: it gets data and callbacks as props, never from a feature or a store.',
      'ui',
      ['ui', 'domain', 'lib'],
    ),
    rule(
      'no-feature-to-feature',
      'A feature never imports another feature: what two areas share moves to src/lib/ or src/domain/.',
      { path: '^src/features/([^/]+)/' },
      { path: '^src/features/', pathNot: '^src/features/$1/' },
    ),
    rule(
      'features-below-routes',
      'Features are composed by routes/ and app/, never the other way round.',
      { path: '^src/features/' },
      { path: '^src/(app|routes|devtools)/' },
    ),
    rule(
      'sandboxes-load-lazily',
      "A sandbox comes in only through a dynamic import that a build with the real provider drops: never in the customer's chunks.",
      { path: '^src/', pathNot: '^src/sandboxes/' },
      { path: '^src/sandboxes/', dynamic: false },
    ),
    importsOnly(
      'sandboxes-stand-alone',
      'A sandbox stands in for an outside service, so it knows nothing of the app beyond the domain and lib/.',
      'sandboxes',
      ['sandboxes', 'domain', 'lib'],
    ),
    rule(
      'services-below-screens',
      'store/, api/, i18n/, pwa/, outbox/ and lib/ serve every screen, so they import none, nor the service worker.',
      { path: '^src/(store|api|i18n|pwa|outbox|lib)/' },
      { path: '^(src/(ui|features|routes|app|devtools)/|sw/)' },
    ),
    rule(
      'machines-are-pure',
      'machines/ import only xstate, valibot, each other, src/domain/ and the pure src/outbox/lifecycle.ts: effects come in through machine.provide().',
      { path: '^machines/' },
      { pathNot: '^(machines/|src/domain/|src/outbox/lifecycle\\.ts$|node_modules/(xstate|valibot)/)' },
    ),
    importsOnly('domain-is-pure', 'src/domain/ is shared by the page, the machines and the server, so it imports no other layer.', 'domain', ['domain']),
    rule(
      'server-shares-only-the-domain',
      'The server runs on Node beside no page: of src/ it imports only src/domain/, which both sides share.',
      { path: '^server/' },
      { path: '^src/', pathNot: '^src/domain/' },
    ),
    rule('src-never-imports-test', 'Test doubles do not ship with the product.', { path: '^(src|machines|sw)/' }, { path: '^test/' }),
    rule(
      'sw-only-its-contracts',
      'The service worker runs without a page: besides Workbox it takes only src/domain/ and the contracts it shares with the page (src/outbox/lifecycle.ts, src/api/queuedWrite.ts, src/pwa/workerMessages.ts, src/pwa/pushSettings.ts), never React, a screen, a store or a client.',
      { path: '^sw/' },
      {
        path: '^(src|machines|server|node_modules)/',
        pathNot:
          '^(src/domain/|src/outbox/lifecycle[.]ts$|src/api/queuedWrite[.]ts$|src/pwa/workerMessages[.]ts$|src/pwa/pushSettings[.]ts$|node_modules/workbox-)',
      },
    ),
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with, so swc reads the sources.
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
}
