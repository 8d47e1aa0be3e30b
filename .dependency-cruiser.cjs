// The architecture, checked by `npm run lint:deps` (part of `npm test`). Layers, top to bottom:
//   app/, routes/        compose screens
//   features/<area>/     one customer area each; what two areas share lives in lib/ or domain/
//   devtools/            tools for testers (the machine lab), never imported by the customer's code
//   sandboxes/           in-page stand-ins for outside services (Google Pay's client), only ever imported dynamically
//   store/ api/ i18n/ pwa/   the device's data, the network, languages, the installed app
//   lib/                 small helpers shared by several areas
//   ui/                  primitives, layout, toaster, icons
//   domain/              entities, money, schemas: pure, shared with machines/ and server/
// machines/ are pure XState machines; sw/ is the service worker. A module may import downwards only.
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
