import type { I18n } from '@lingui/core'
import { escapeHtml } from '../http/escapeHtml.ts'
import { shopBrand } from '../brand/shopBrand.ts'
import { legalFooter } from './legalFooter.ts'
import type { MailContent } from './template.ts'

/** The shop's name as customers see it on mails (SHOP_NAME); a name, so it is not translated. */
export const shopName = (): string => shopBrand().name

/** The signature under every mail: "The {shop} team", then MAIL_SIGNATURE's lines and the support phone, if set. */
export function signature(i18n: I18n): string[] {
  const { mailSignature, supportPhone } = shopBrand()
  return [
    i18n._({ id: 'mail.signOff', message: 'The {shop} team', values: { shop: shopName() } }),
    ...mailSignature.split('\n').filter((line) => line.trim() !== ''),
    ...(supportPhone ? [i18n._({ id: 'mail.supportPhone', message: 'Call us on {phone}', values: { phone: supportPhone } })] : []),
  ]
}

/** The plain-text part: paragraphs apart, the action's link on a line of its own so every mail reader makes it clickable. */
export function plainText(i18n: I18n, m: MailContent): string {
  const action = m.action ? [`${m.action.label}:\n${m.action.url}`] : []
  return [m.greeting, ...m.intro, ...action, ...m.outro, signature(i18n).join('\n'), legalFooter(i18n).text].join('\n\n').concat('\n')
}

const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`

/** The HTML part: one column, inline styles only (mail readers drop style sheets), the action as a button with its link below. */
export function simpleHtml(i18n: I18n, m: MailContent): string {
  const { themeColour } = shopBrand()
  const button = m.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(m.action.url)}" style="display:inline-block;padding:12px 20px;background:${themeColour};color:#ffffff;border-radius:6px;font-weight:700;text-decoration:none">${escapeHtml(m.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#44506a;word-break:break-all"><a href="${escapeHtml(m.action.url)}" style="color:${themeColour}">${escapeHtml(m.action.url)}</a></p>`
    : ''
  return `<!doctype html>
<html lang="${escapeHtml(i18n.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(m.subject)}</title></head>
<body style="margin:0;padding:16px;background:#f4f6fa;font:16px/1.5 Arial,Helvetica,sans-serif;color:#14213d">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #d5dbe6;border-radius:8px">
<p style="margin:0 0 24px;font-weight:700;color:${themeColour}">${escapeHtml(shopName())}</p>
${[m.greeting, ...m.intro].map(p).join('\n')}
${button}
${m.outro.map(p).join('\n')}
<p style="margin:0 0 16px">${signature(i18n).map(escapeHtml).join('<br>')}</p>
${legalFooter(i18n).html}
</div>
</body>
</html>
`
}
