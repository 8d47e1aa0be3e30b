import MarkdownIt from 'markdown-it'
import { placeholderPattern } from './placeholders.ts'

/** Links a legal page may carry: the web, mail and phone numbers, and this shop's own paths (never //host). */
const safeLink = /^(https?:|mailto:|tel:|\/(?!\/))/i

/**
 * The operator's Markdown as safe HTML: raw HTML is shown as text (`html: false`), and a link to anything but
 * http(s), mailto, tel or a path of this shop (javascript:, data:, //elsewhere) stays plain text. Bare web addresses
 * and emails become links, so a filled-in URL is clickable.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false })
markdown.validateLink = (url) => safeLink.test(url.trim())
// A placeholder left unfilled (outside production) stands out instead of passing for the page's own words.
const markPlaceholders = (html: string) =>
  html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(placeholderPattern, (whole) => `<mark>${whole}</mark>`)))
    .join('')

/** A page's title (its first heading, as text) and its HTML. */
export function renderLegal(source: string): { title: string; html: string } {
  const tokens = markdown.parse(source, {})
  const heading = tokens.findIndex((token) => token.type === 'heading_open')
  const title = (heading >= 0 ? tokens[heading + 1]?.content : undefined)?.trim() ?? ''
  return { title: title.replace(placeholderPattern, '').trim(), html: markPlaceholders(markdown.renderer.render(tokens, markdown.options, {})) }
}
