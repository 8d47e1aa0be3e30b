/**
 * The server's renderer of first pages (built by `vite build --ssr` into dist/client/.server/, loaded by
 * server/pages/firstPaint.ts). It renders the same <App> the browser hydrates, with the router on a memory
 * history at the page's path and the catalogue the page carries in its data block.
 */
import { renderToString } from 'react-dom/server'
import { createMemoryHistory } from '@tanstack/react-router'
import { extractCss } from 'goober'
import type { Messages } from '@lingui/core'
import * as v from 'valibot'
import { App } from './app/App.tsx'
import { createAppRouter } from './router.ts'
import { createServices } from './app/services.ts'
import { i18n } from './i18n/i18n.ts'
import { defaultLocale, type Locale } from './i18n/locales.ts'
import { BootstrapSchema } from './domain/product.ts'
import { LegalPagesSchema } from './domain/legalPages.ts'
import { firstPaintDataBlock } from './features/catalogue/firstPaint.ts'
import { legalDataBlock, renderWithLegalPages } from './features/legal/firstPaintLegal.ts'
import { pageTitle } from './app/pageTitle.ts'
import type { Brand } from './domain/brand.ts'
import { pageBrand } from './lib/brand.ts'

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string
  /** The page's styles, for <style id="_goober"> (goober in the browser adopts that element). */
  css: string
  /** The data block with the catalogue, placed after the root. */
  data: string
  /** The page's document title in its language ("Cart · Acme Mobile"). */
  title: string
}

// Rules goober writes when a module loads (keyframes) are in its sheet only once; they go with every page.
let moduleCss = ''

/** Renders `path` in `locale` from the catalogue JSON (GET /v2/bootstrap's body) with the reseller's brand, and a legal page from its language's pages (GET /legal/{language}'s). */
export async function renderPage(
  path: string,
  bootstrapJson: string,
  locale: Locale = defaultLocale,
  messages: Messages | undefined = undefined,
  brand: Brand = pageBrand,
  legalJson?: string,
): Promise<RenderedPage> {
  const { products } = v.parse(BootstrapSchema, JSON.parse(bootstrapJson))
  // The same services as the page's, none of which starts on the server: nothing is queued here.
  const services = createServices({ outboxKinds: async () => [] })
  const router = createAppRouter(services, { history: createMemoryHistory({ initialEntries: [path] }) })
  await router.load()
  if (messages) i18n.load(locale, messages)
  i18n.activate(locale)
  moduleCss += extractCss()
  // renderToString is synchronous: the activated locale and goober's sheet belong to this page alone.
  renderWithLegalPages(legalJson ? v.parse(LegalPagesSchema, JSON.parse(legalJson)) : undefined)
  let html: string
  try {
    html = renderToString(<App router={router} services={services} catalogue={{ products, fetchedAt: '' }} brand={brand} />)
  } finally {
    renderWithLegalPages(undefined)
  }
  const css = moduleCss + extractCss()
  const data = firstPaintDataBlock(bootstrapJson) + (legalJson ? legalDataBlock(legalJson) : '')
  return { html, css, data, title: pageTitle(i18n, router.state.matches, brand.name) }
}
