import { Trans, useLingui } from '@lingui/react/macro'
import { Outlet } from '@tanstack/react-router'
import { Suspense } from 'react'
import { isStaffLanguage, showStaffLanguage, staffLanguages } from './i18n.ts'
import { StaffLink, useStaffNavigate, useStaffPath } from './navigation.tsx'
import { QueueCountsProvider, useQueueCounts } from './queues.tsx'
import { RoleScreensContext } from './roleScreens.ts'
import { navigationFor, screensFor } from './screens.tsx'
import { type StaffMember, useStaffSession } from './session.tsx'
import { SignInDialog } from './auth/SignInDialog.tsx'
import { StepUpDialog } from './StepUpDialog.tsx'
import { Button } from './ui/parts.tsx'
import { styled } from './ui/styled.ts'
import { staffTheme as theme } from './ui/theme.ts'
import { useRoleName } from './roles.ts'
import { useBrand } from '../lib/brand.ts'

const SkipLink = styled('a')`
  position: absolute; left: 8px; top: -48px; background: ${theme.color.surface}; padding: 8px 12px; border-radius: 8px; z-index: 10;
  &:focus { top: 8px; }
`
const Header = styled('header')`
  background: ${theme.color.brandDark}; color: #fff; padding: 8px 16px;
  display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; justify-content: space-between;
  a { color: #fff; }
  .brand { font-weight: 700; font-size: 18px; text-decoration: none; }
  .tools { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; }
  label { font-size: 14px; margin-right: 4px; }
  select { font: inherit; min-height: ${theme.touch}; border-radius: 8px; padding: 0 8px; }
  button { background: transparent; color: #fff; border-color: #fff; }
  :focus-visible { outline-color: #fff; box-shadow: 0 0 0 6px ${theme.color.text}; }
`
const Body = styled('div')`
  display: grid; grid-template-columns: 220px minmax(0, 1fr); min-height: calc(100vh - 64px);
  @media (max-width: 720px) { grid-template-columns: minmax(0, 1fr); min-height: 0; }
`
const Nav = styled('nav')`
  background: ${theme.color.surface}; border-right: 1px solid ${theme.color.border}; padding: 12px 8px;
  @media (max-width: 720px) { border-right: 0; border-bottom: 1px solid ${theme.color.border}; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
  @media (max-width: 720px) { ul { display: flex; flex-wrap: wrap; } li { min-width: 0; max-width: 100%; } }
  a { display: flex; justify-content: space-between; gap: 8px; align-items: center; min-height: ${theme.touch};
      padding: 0 12px; border-radius: 8px; text-decoration: none; color: ${theme.color.text}; font-weight: 600; overflow-wrap: anywhere; }
  a[aria-current='page'] { background: ${theme.color.page}; color: ${theme.color.brandDark}; box-shadow: inset 4px 0 0 ${theme.color.brand}; }
  .count { background: ${theme.color.brand}; color: #fff; border-radius: 999px; padding: 0 8px; font-size: 14px; min-width: 28px; text-align: center; }
`
const Main = styled('main')`
  padding: 20px 16px 48px; max-width: 1200px; width: 100%;
  /* A long word (an email address, an Afrikaans compound) at 200% text breaks rather than push the page sideways. */
  overflow-wrap: break-word;
  &:focus { outline: none; }
`

function LanguageSelect() {
  const { i18n } = useLingui()
  return (
    <span>
      <label htmlFor="staff-language">
        <Trans>Language</Trans>
      </label>
      <select
        id="staff-language"
        value={i18n.locale}
        onChange={(event) => {
          if (isStaffLanguage(event.target.value)) void showStaffLanguage(event.target.value)
        }}
      >
        {Object.entries(staffLanguages).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </span>
  )
}

function Navigation({ member }: { member: StaffMember }) {
  const { i18n, t } = useLingui()
  const counts = useQueueCounts()
  const path = useStaffPath()
  return (
    <Nav aria-label={t`Back office`}>
      <ul>
        {navigationFor(member.role).map((screen) => {
          const count = screen.queue === undefined ? undefined : counts?.[screen.queue]
          const current = screen.path === '/' ? path === '/' : path === screen.path || path.startsWith(`${screen.path}/`)
          return (
            <li key={screen.path}>
              <StaffLink to={screen.path} aria-current={current ? 'page' : undefined}>
                <span>{i18n._(screen.label)}</span>
                {count !== undefined && (
                  <span className="count">
                    {count}
                    <span className="visually-hidden">
                      {' '}
                      <Trans>waiting</Trans>
                    </span>
                  </span>
                )}
              </StaffLink>
            </li>
          )
        })}
      </ul>
    </Nav>
  )
}

/** Every staff screen's frame: the header (language, member, sign-out), the role's navigation and the screen. */
export function StaffLayout() {
  const { state, signOut } = useStaffSession()
  const navigate = useStaffNavigate()
  const roleName = useRoleName()
  const signedIn = state.kind === 'signed-in'
  const shop = useBrand().name
  return (
    <>
      <SkipLink href="#staff-main">
        <Trans>Skip to the screen</Trans>
      </SkipLink>
      <Header>
        <StaffLink className="brand" to="/">
          <Trans>{shop} back office</Trans>
        </StaffLink>
        <div className="tools">
          <LanguageSelect />
          {signedIn && (
            <>
              <span>
                {state.member.name} ({roleName(state.member.role)})
              </span>
              <Button
                type="button"
                $variant="secondary"
                onClick={() => {
                  void signOut()
                  navigate('/sign-in')
                }}
              >
                <Trans>Sign out</Trans>
              </Button>
            </>
          )}
        </div>
      </Header>
      {signedIn ? (
        <QueueCountsProvider>
          <RoleScreensContext value={screensFor(state.member.role)}>
            <Body>
              <Navigation member={state.member} />
              <Screen />
            </Body>
          </RoleScreensContext>
        </QueueCountsProvider>
      ) : (
        <Screen />
      )}
      {signedIn && state.expired && <SignInDialog />}
      <StepUpDialog />
    </>
  )
}

function Screen() {
  return (
    <Main id="staff-main" tabIndex={-1}>
      <Suspense
        fallback={
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        }
      >
        <Outlet />
      </Suspense>
    </Main>
  )
}
