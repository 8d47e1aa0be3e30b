// The architecture, checked by `npm run lint:deps` (part of `npm test`). Rungs, top to bottom, as the imports stand;
// a module imports its own rung and those below it, and the rules below name each boundary:
//   src/routes/, src/app/    compose screens; only routes/ mount the lab (devtools/), through a dynamic import
//   src/devtools/            tools for testers (the machine lab), never imported by the customer's code
//   src/features/<area>/     one customer area each, never another area: what two share lives in lib/ or domain/
//   src/sandboxes/           in-page stand-ins for outside services (Google Pay's client), only ever imported dynamically
//   src/store/ api/ i18n/ pwa/ lib/, src/config.ts, src/reportError.ts
//                            one rung of services (the device's data, the network, languages, the installed app and
//                            the helpers of lib/): they import one another (lib/outbox/ sends through store/ and api/,
//                            store/ and pwa/ take lib/'s ids and device), never a screen nor the service worker
//   src/ui/                  primitives, layout, toaster, icons: domain/ and lib/'s leaf helpers (toaster, validation texts)
//   machines/                pure XState machines: only src/domain/; the services and features provide their effects
//   src/domain/              entities, money, schemas and what the page shares with the worker and the server: pure
// Beside the page, each on its own runtime:
//   sw/                      the service worker: machines/, src/domain/ and src/api/'s queued-write contract, no React
//   server/                  the Node backend: of src/ only src/domain/
//   test/                    imports anything; nothing imports it
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles make load order matter and hide which module owns what.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'ui-imports-only-domain-and-lib',
      severity: 'error',
      comment: 'ui/ is the bottom of the page: it gets data and callbacks as props, never from a feature or a store.',
      from: { path: '^src/ui/' },
      to: { path: '^(src|machines|sw|server|test)/', pathNot: '^src/(ui|domain|lib)/' },
    },
    {
      name: 'no-feature-to-feature',
      severity: 'error',
      comment: 'A feature never imports another feature: what two areas share moves to src/lib/ or src/domain/.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'features-below-routes',
      severity: 'error',
      comment: 'Features are composed by routes/ and app/, never the other way round.',
      from: { path: '^src/features/' },
      to: { path: '^src/(app|routes|devtools)/' },
    },
    {
      name: 'sandboxes-load-lazily',
      severity: 'error',
      comment: "A sandbox comes in only through a dynamic import that a build with the real provider drops: never in the customer's chunks.",
      from: { path: '^src/', pathNot: '^src/sandboxes/' },
      to: { path: '^src/sandboxes/', dynamic: false },
    },
    {
      name: 'sandboxes-stand-alone',
      severity: 'error',
      comment: 'A sandbox stands in for an outside service, so it knows nothing of the app beyond the domain and lib/.',
      from: { path: '^src/sandboxes/' },
      to: { path: '^(src|machines|sw|server|test)/', pathNot: '^src/(sandboxes|domain|lib)/' },
    },
    {
      name: 'services-below-screens',
      severity: 'error',
      comment: 'store/, api/, i18n/, pwa/, outbox/ and lib/ serve every screen, so they import none, nor the service worker.',
      from: { path: '^src/(store|api|i18n|pwa|outbox|lib)/' },
      to: { path: '^(src/(ui|features|routes|app|devtools)/|sw/)' },
    },
    {
      name: 'machines-are-pure',
      severity: 'error',
      comment:
        'machines/ import only xstate, valibot, each other, src/domain/ and the pure src/outbox/lifecycle.ts: effects come in through machine.provide().',
      from: { path: '^machines/' },
      to: { pathNot: '^(machines/|src/domain/|src/outbox/lifecycle\\.ts$|node_modules/(xstate|valibot)/)' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain/ is shared by the page, the machines and the server, so it imports no other layer.',
      from: { path: '^src/domain/' },
      to: { path: '^(src|machines|sw|server|test)/', pathNot: '^src/domain/' },
    },
    {
      name: 'server-shares-only-the-domain',
      severity: 'error',
      comment: 'The server runs on Node beside no page: of src/ it imports only src/domain/, which both sides share.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'src-never-imports-test',
      severity: 'error',
      comment: 'Test doubles do not ship with the product.',
      from: { path: '^(src|machines|sw)/' },
      to: { path: '^test/' },
    },
    {
      name: 'sw-without-ui',
      severity: 'error',
      comment: 'The service worker runs without a page: no React, no screens.',
      from: { path: '^sw/' },
      to: { path: '^(src/(ui|features|routes|app|devtools)/|node_modules/(react|react-dom|@tanstack/react-router)/)' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with, so swc reads the sources.
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
}
