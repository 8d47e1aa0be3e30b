import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Context } from 'hono'
import type { Messages } from '@lingui/core'
import type { Brand } from '../../src/domain/brand.ts'
import { DEFAULT_LANGUAGE, type Language, manifestUrl } from '../../src/domain/languageCodes.ts'
import { pageBrand } from '../brand/brandPage.ts'
import { demoBrand, type ShopBrand } from '../brand/brandSettings.ts'
import { hintedLanguage } from '../i18n/requestLanguage.ts'
import { rendererDir, rendererFile } from '../build/buildApp.ts'
import { catalogueBytes } from '../catalogue/catalogueBytes.ts'
import type { Queryable } from '../db/types.ts'
import type { FirstPage, FirstPages } from '../http/clientFiles.ts'
import { escapeHtml } from '../http/escapeHtml.ts'
import type { LegalAnswer } from '../legal/legalPages.ts'
import { LEGAL_PAGES, legalPath } from '../../src/domain/legal.ts'

/** The renderer the SSR build exports (src/entry-server.tsx). */
interface Renderer {
  renderPage(
    path: string,
    bootstrapJson: string,
    locale: Language,
    messages: Messages | undefined,
    brand: Brand,
    legalJson?: string,
  ): Promise<{ html: string; css: string; data: string; title: string }>
}

/** The routes whose first HTML the server renders, by path, with the source file of each route. */
const renderedRoutes: Record<string, string> = {
  '/': 'src/routes/index.tsx',
  '/cart': 'src/routes/cart.tsx',
  ...Object.fromEntries(LEGAL_PAGES.map((page) => [legalPath(page), `src/routes/legal.${page}.tsx`])),
}

interface ManifestChunk {
  file: string
  imports?: string[]
}

/**
 * `/`, `/cart` and the legal pages arrive rendered: the built index.html with the page's markup in #root, its styles in
 * <style id="_goober">, the live catalogue (and a legal page's language's pages) in JSON data blocks (never a script:
 * the policy allows none inline) and preload hints for the route's own chunks. Undefined when the build has no renderer (dev).
 */
export function firstPaintPages(
  distDir: string,
  db: Queryable,
  shopBrand: ShopBrand = demoBrand,
  legal?: ReadonlyMap<Language, LegalAnswer>,
): FirstPages | undefined {
  const brand = pageBrand(shopBrand)
  const rendererPath = join(distDir, rendererDir, rendererFile)
  if (!existsSync(rendererPath)) return undefined
  let renderer: Promise<Renderer> | undefined
  let manifest: Promise<Record<string, ManifestChunk>> | undefined
  const catalogues = new Map<Language, Promise<Messages>>()

  const messagesOf = (locale: Language) => {
    let loading = catalogues.get(locale)
    if (!loading) {
      loading = readFile(join(distDir, 'i18n', `${locale}.json`), 'utf8').then((text) => (JSON.parse(text) as { messages: Messages }).messages)
      loading.catch(() => catalogues.delete(locale))
      catalogues.set(locale, loading)
    }
    return loading
  }

  /**
   * The route's own chunks, so the browser has them when the app asks for the page's route. The app's chunks are not
   * hinted: src/boot.ts fetches them after the first frame (Vite's preload helper asks for all of them at once), so
   * nothing competes with the page and its first images before they are on screen.
   */
  const preloads = async (route: string, template: string): Promise<string> => {
    manifest ??= readFile(join(distDir, '.vite', 'manifest.json'), 'utf8').then((t) => JSON.parse(t) as Record<string, ManifestChunk>)
    const chunks = await manifest
    const closure = (key: string, files = new Set<string>()): Set<string> => {
      const chunk = chunks[key]
      if (!chunk || key === 'index.html' || files.has(chunk.file)) return files
      files.add(chunk.file)
      for (const next of chunk.imports ?? []) closure(next, files)
      return files
    }
    const app = closure('src/main.tsx')
    return [...closure(`${route}?tsr-split=component`)]
      .filter((file) => !app.has(file) && !template.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('')
  }

  return async (c: Context, template: { text: string; etag: string }): Promise<FirstPage | undefined> => {
    const route = renderedRoutes[c.req.path]
    if (!route) return undefined
    // The language the app will show (its hint beside the v1.LanguageChosen fact), so hydration matches.
    const locale: Language = hintedLanguage(c) ?? DEFAULT_LANGUAGE
    const catalogue = await catalogueBytes(db)
    const legalPages = c.req.path.startsWith('/legal/') ? legal?.get(locale) : undefined
    return {
      key: [c.req.path, locale, catalogue.etag, template.etag, legalPages?.etag ?? ''].join('|'),
      vary: 'Cookie',
      render: async () => {
        renderer ??= import(pathToFileURL(rendererPath).href) as Promise<Renderer>
        const messages = locale === DEFAULT_LANGUAGE ? undefined : await messagesOf(locale)
        const page = await (await renderer).renderPage(c.req.path, catalogue.body, locale, messages, brand, legalPages?.body)
        return injectPage(template.text, { ...page, locale, preloads: await preloads(route, template.text) })
      },
    }
  }
}

const rootPattern = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/

/** Puts a rendered page into index.html; throws when the template has lost its #root (a build mistake, caught by tests). */
export function injectPage(template: string, page: { html: string; css: string; data: string; title: string; locale: Language; preloads: string }): string {
  if (!rootPattern.test(template)) throw new Error('index.html has no <div id="root"> with its boot placeholder')
  // The images the page asks for first (the first row of cards) are fetched ahead of the scripts.
  // A picture with sizes to choose from is preloaded at the size the page will pick (imagesrcset), not its src.
  const images = [...page.html.matchAll(/<img\b[^>]*\bfetchpriority="high"[^>]*>/gi)]
    .map(([tag]) => ({ src: /\bsrc="([^"]+)"/.exec(tag)?.[1], srcset: /\bsrcset="([^"]+)"/.exec(tag)?.[1], sizes: /\bsizes="([^"]+)"/.exec(tag)?.[1] }))
    .filter((image): image is { src: string; srcset: string | undefined; sizes: string | undefined } => image.src !== undefined)
    .map(
      ({ src, srcset, sizes }) =>
        `<link rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high">`,
    )
    .join('')
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${page.locale}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('<link rel="manifest" href="/manifest.webmanifest">', () => `<link rel="manifest" href="${manifestUrl(page.locale)}">`)
    .replace('<script', () => `${images}<script`)
    .replace('</head>', () => `<style id="_goober">${page.css.replace(/<\//g, '<\\/')}</style>${page.preloads}</head>`)
    .replace(rootPattern, () => `<div id="root">${page.html}</div>${page.data}`)
}
