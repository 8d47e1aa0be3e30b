import type { I18n } from '@lingui/core'
import { LEGAL_PAGES, type LegalPage, legalPath } from '../../src/domain/legal.ts'
import { escapeHtml } from '../http/escapeHtml.ts'
import { shopOrigin } from './shopOrigin.ts'

const labels = {
  seller: /*i18n*/ { id: 'legal.seller', message: 'Who we are' },
  privacy: /*i18n*/ { id: 'legal.privacy', message: 'Privacy notice' },
  terms: /*i18n*/ { id: 'legal.terms', message: 'Terms of sale' },
  paia: /*i18n*/ { id: 'legal.paia', message: 'PAIA manual' },
} satisfies Record<LegalPage, { id: string; message: string }>

/** Every mail's last line: the shop's legal pages, by their absolute address, in the mail's language (text and HTML). */
export function legalFooter(i18n: I18n): { text: string; html: string } {
  const links = LEGAL_PAGES.map((page) => ({ label: i18n._(labels[page]), url: `${shopOrigin()}${legalPath(page)}` }))
  return {
    text: links.map((l) => `${l.label}: ${l.url}`).join('\n'),
    html: `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #d5dbe6;font-size:13px;color:#44506a">${links
      .map((l) => `<a href="${escapeHtml(l.url)}" style="color:#44506a">${escapeHtml(l.label)}</a>`)
      .join(' · ')}</p>`,
  }
}
