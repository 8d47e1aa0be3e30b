import { escapeHtml } from '../../http/escapeHtml.ts'

const url = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g

/** Plain text as HTML with every http(s) address a link, so a tester follows a mail's link with one click. */
export function linkified(text: string): string {
  let html = ''
  let last = 0
  for (const match of text.matchAll(url)) {
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`
    last = match.index + match[0].length
  }
  return html + escapeHtml(text.slice(last))
}
