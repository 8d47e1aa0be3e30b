import type { MouseEvent, ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { Header } from './Header.tsx'
import { StorageNotice } from './StorageNotice.tsx'
import { AppBanners } from './AppBanners.tsx'
import { Toaster } from '../ui/Toaster.tsx'
import { styled } from '../ui/styled.ts'
import { theme } from '../ui/theme.ts'
import '../ui/globalStyles.ts'
import { usePageTitle, useRouteFocus } from './useRouteFocus.ts'
import { useBrand } from '../lib/brand.ts'
import { LegalLinks } from '../features/legal/LegalLinks.tsx'

// isiXhosa and Afrikaans words run long: a word wider than its box breaks instead of pushing the page sideways,
// and headings hyphenate where the browser knows the language (<html lang> follows the active one).
const Shell = styled('div')`
  min-height: 100vh; display: flex; flex-direction: column; overflow-wrap: break-word;
  h1, h2, h3 { hyphens: auto; }
`
// min-height keeps the footer below the fold, so content arriving late never shifts it.
const Main = styled('main')`
  flex: 1; width: 100%; max-width: ${theme.maxWidth}; margin: 0 auto; padding: 16px 12px 32px;
  min-height: 100vh;
`
// Out of sight until the keyboard reaches it: the first Tab of every page.
const SkipLink = styled('a')`
  position: absolute; left: 12px; top: 8px; z-index: 60; transform: translateY(-200%);
  display: inline-flex; align-items: center; min-height: ${theme.touch}; padding: 0 18px; border-radius: 999px;
  background: ${theme.color.brand}; color: #fff; font-weight: 700; text-decoration: none;
  &:focus { transform: none; }
`
const Footer = styled('footer')`
  border-top: 1px solid ${theme.color.border}; background: ${theme.color.surface}; color: ${theme.color.muted};
  text-align: center; padding: 16px; font-size: 14px;
  p { margin: 0; }
  a { color: inherit; display: inline-flex; align-items: center; min-height: ${theme.touch}; }
`

/** The common layout around every route: header, page, footer and the toaster. */
export function Layout({ children }: { children: ReactNode }) {
  const year = new Date().getFullYear()
  const { footer: holder, supportPhone: phone } = useBrand()
  usePageTitle()
  useRouteFocus()
  return (
    <Shell>
      <SkipLink href="#main" onClick={skipToContent}>
        <Trans>Skip to content</Trans>
      </SkipLink>
      <Header />
      <AppBanners />
      <StorageNotice />
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <Footer>
        <LegalLinks />
        {phone && (
          <p>
            <Trans>
              Call us on <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </Trans>
          </p>
        )}
        <p>
          <Trans>
            © {year} {holder}. All rights reserved.
          </Trans>
        </p>
      </Footer>
      <Toaster />
    </Shell>
  )
}

// Focus moves by script, so the router never sees an address with #main in it; without the app the link still works.
function skipToContent(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById('main')
  if (!main) return
  event.preventDefault()
  main.focus()
}
