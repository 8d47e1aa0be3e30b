import { defineConfig } from '@lingui/conf'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'xh', 'af'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}',
      include: ['src', 'machines'],
      exclude: ['<rootDir>/src/devtools/lab/**', '<rootDir>/src/routes/lab.tsx', '<rootDir>/src/staff/**'],
    },
    // The staff app's own messages (/staff), in its own chunks: the storefront's catalogue never carries them.
    { path: '<rootDir>/locales/staff/{locale}', include: ['src/staff'] },
    // The machine lab's own messages ship inside its lazy chunk, never with the storefront (docs/features.md, "Machine lab").
    { path: '<rootDir>/locales/lab/{locale}', include: ['src/devtools/lab', 'src/routes/lab.tsx'] },
    // The sandboxes' own pages (identity sign-in, card widget, 3-D Secure), rendered by the server (server/sandbox/i18n.ts).
    { path: '<rootDir>/locales/sandbox/{locale}', include: ['server/sandbox'] },
    // The mails the server sends (password reset and the like), rendered by the server (server/i18n/catalogues.ts).
    { path: '<rootDir>/locales/mail/{locale}', include: ['server/mail'] },
    // The push notifications the server sends, rendered in each device's language (server/push/render.ts).
    { path: '<rootDir>/locales/push/{locale}', include: ['server/push'] },
  ],
})
