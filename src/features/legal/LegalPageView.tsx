import type { MouseEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import type { LegalPage } from '../../domain/legal.ts'
import { DEFAULT_LANGUAGE, isLanguage } from '../../domain/languageCodes.ts'
import { Button } from '../../ui/Button.tsx'
import { Heading, Muted } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { legalTitles } from './legalTitles.ts'
import { useLegalPages } from './useLegalPages.ts'

// The server's HTML (Markdown it rendered safely): the page's own heading comes first, as the page's <h1>.
const Article = styled('article')`
  max-width: 72ch; line-height: 1.6; color: ${theme.color.text};
  h1 { margin: 8px 0 16px; font-size: 26px; line-height: 1.2; }
  h2 { margin: 24px 0 8px; font-size: 20px; }
  h3 { margin: 16px 0 8px; font-size: 17px; }
  p, ul, ol { margin: 0 0 12px; }
  ul, ol { padding-left: 24px; }
  li { margin: 4px 0; }
  a { color: ${theme.color.brand}; font-weight: 600; overflow-wrap: anywhere; }
  mark { background: #fff3bf; color: inherit; padding: 0 2px; }
`

/** One legal page in the language on screen, as the shop's operator wrote it. */
export function LegalPageView({ page }: { page: LegalPage }) {
  const { i18n } = useLingui()
  const language = isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE
  const { state, retry } = useLegalPages(language)
  const router = useRouter()
  if (state.kind === 'loading') return <Spinner />
  const shown = state.kind === 'shown' ? state.pages.pages.find((p) => p.page === page) : undefined
  if (!shown)
    return (
      <>
        <Heading>{i18n._(legalTitles[page])}</Heading>
        <Muted role="alert">
          <Trans>This page could not be loaded. Check your connection and try again.</Trans>
        </Muted>
        <p>
          <Button type="button" onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        </p>
      </>
    )
  // A link to another page of the shop opens in the app (offline too), not as a new page load.
  const openInApp = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest('a')
    const href = link?.getAttribute('href')
    if (!href?.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    router.history.push(href)
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own rendering of the operator's Markdown, with raw HTML and unsafe links dropped (server/legal/renderLegal.ts).
  return <Article onClick={openInApp} dangerouslySetInnerHTML={{ __html: shown.html }} />
}
