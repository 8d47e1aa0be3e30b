import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { LEGAL_PAGES, legalPath } from '../../domain/legal.ts'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { legalTitles } from './legalTitles.ts'

const List = styled('ul')`
  list-style: none; margin: 0 0 8px; padding: 0; display: flex; flex-wrap: wrap; justify-content: center; gap: 0 16px;
  a { display: inline-flex; align-items: center; min-height: ${theme.touch}; color: ${theme.color.text}; text-decoration: underline; }
`

/** The footer's links to the shop's legal pages (seller's details, privacy notice, terms of sale, PAIA manual). */
export function LegalLinks() {
  const { i18n } = useLingui()
  return (
    <nav aria-label={i18n._(msg`Legal`)}>
      <List>
        {LEGAL_PAGES.map((page) => (
          <li key={page}>
            <Link to={legalPath(page)}>{i18n._(legalTitles[page])}</Link>
          </li>
        ))}
      </List>
    </nav>
  )
}
