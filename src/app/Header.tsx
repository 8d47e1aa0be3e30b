import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { ProfileMenu } from '../features/account/ProfileMenu.tsx'
import { useSession } from '../lib/sessionStore.ts'
import { useCartLineCount, useCartRestoring } from '../features/cart/cart.ts'
import { ButtonLink } from '../ui/Button.tsx'
import { CartIcon } from '../ui/icons.tsx'
import { useBrand } from '../lib/brand.ts'
import { LanguageSelect } from './LanguageSelect.tsx'
import { styled } from '../ui/styled.ts'
import { theme } from '../ui/theme.ts'

const Bar = styled('header')`
  position: sticky; top: 0; z-index: 10; background: ${theme.color.surface};
  border-bottom: 1px solid ${theme.color.border};
`
const Inner = styled('div')`
  max-width: ${theme.maxWidth}; margin: 0 auto; padding: 6px 12px;
  display: flex; align-items: center; gap: 4px;
  @media (max-width: 400px) { gap: 2px; }
`
const Brand = styled(Link)`
  display: inline-flex; align-items: center; gap: 8px; min-height: ${theme.touch};
  color: ${theme.color.text}; font-weight: 800; font-size: 18px; text-decoration: none; margin-right: auto;
  img { width: auto; height: 32px; max-width: 160px; object-fit: contain; }
  span { white-space: nowrap; }
  @media (max-width: 400px) { span { display: none; } }
`
// Longer words (Afrikaans "registreer", isiXhosa "Ekhaya") must fit 360 px; a narrower phone wraps the links to a second row.
const Nav = styled('nav')`
  display: flex; flex-wrap: wrap; justify-content: flex-end; align-items: center; gap: 4px; min-width: 0;
  > a[href] { padding: 0 12px; }
  a.nav { padding: 0 8px; min-height: ${theme.touch}; display: inline-flex; align-items: center; color: ${theme.color.text}; text-decoration: none; font-weight: 600; border-radius: 8px; }
  @media (max-width: 400px) {
    gap: 2px;
    > a[href] { padding: 0 8px; font-size: 14px; }
    a.nav { padding: 0 5px; }
  }
`
const CartLink = styled(Link)`
  position: relative; display: inline-grid; place-items: center; width: ${theme.touch}; height: ${theme.touch};
  color: ${theme.color.text}; border-radius: 999px;
`
const Badge = styled('span')`
  position: absolute; top: 0; right: -2px; min-width: 20px; height: 20px; padding: 0 5px; border-radius: 10px;
  background: ${theme.color.error}; color: #fff; font-size: 12px; font-weight: 700; line-height: 20px; text-align: center;
`

/** The header: logo, links and the profile menu for customers, login/sign-up for visitors, cart with badge, language. */
export function Header() {
  const session = useSession()
  const count = useCartLineCount()
  const restoring = useCartRestoring()
  const { t } = useLingui()
  const brand = useBrand()
  const shop = brand.name
  return (
    <Bar>
      <Inner>
        <Brand to="/" aria-label={t`${shop} home`}>
          <img src={brand.logo} alt="" width="32" height="32" />
          <span>{brand.shortName}</span>
        </Brand>
        {/* data-session says whether the app still checks who is there (the server's page always does): e2e tests wait on it. */}
        <Nav aria-label={t`Main`} data-session={session.status}>
          {session.status === 'customer' ? (
            <>
              <Link className="nav" to="/">
                <Trans>Home</Trans>
              </Link>
              <Link className="nav" to="/support">
                <Trans>Support</Trans>
              </Link>
              <ProfileMenu firstName={session.customer.first_name} />
            </>
          ) : (
            <>
              <ButtonLink to="/login" $variant="ghost">
                <Trans>login</Trans>
              </ButtonLink>
              <ButtonLink to="/signup" $variant="secondary">
                <Trans>sign up</Trans>
              </ButtonLink>
            </>
          )}
          <CartLink to="/cart" aria-label={count > 0 ? t`Cart, ${count} items` : t`Cart`} aria-busy={restoring}>
            <CartIcon />
            {count > 0 && <Badge aria-hidden="true">{count}</Badge>}
          </CartLink>
          <LanguageSelect />
        </Nav>
      </Inner>
    </Bar>
  )
}
