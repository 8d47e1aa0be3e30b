import { Trans, useLingui } from '@lingui/react/macro'
import { StaffLink } from '../navigation.tsx'
import { useQueueCounts } from '../queues.tsx'
import { useRoleScreens } from '../roleScreens.ts'
import { useMember } from '../session.tsx'
import { styled } from '../ui/styled.ts'
import { staffTheme as theme } from '../ui/theme.ts'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'

const Cards = styled('ul')`
  list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(min(220px, 100%), 1fr));
  a { display: grid; gap: 4px; padding: 16px; background: ${theme.color.surface}; border: 1px solid ${theme.color.border};
      border-radius: ${theme.radius}; box-shadow: ${theme.shadow}; text-decoration: none; color: ${theme.color.text}; min-height: 96px; }
  .count { font-size: 32px; font-weight: 700; color: ${theme.color.brandDark}; line-height: 1.1; }
  .name { font-weight: 600; overflow-wrap: anywhere; }
`

/** /staff: what waits in each queue the member's role works, each a link to its screen. */
export function HomeScreen() {
  const { t, i18n } = useLingui()
  const member = useMember()
  const counts = useQueueCounts()
  const queues = useRoleScreens().filter((screen) => screen.queue !== undefined)
  return (
    <>
      <ScreenTitle title={t`Home`}>
        <Trans>Hello, {member.name}</Trans>
      </ScreenTitle>
      <h2>
        <Trans>What waits for you</Trans>
      </h2>
      {queues.length === 0 ? (
        <p>
          <Trans>No queue waits for your role. Use the navigation to open a screen.</Trans>
        </p>
      ) : (
        <Cards>
          {queues.map((screen) => {
            const count = screen.queue === undefined ? undefined : counts?.[screen.queue]
            return (
              <li key={screen.path}>
                <StaffLink to={screen.path}>
                  <span className="count">{count ?? '…'}</span>
                  <span className="name">{i18n._(screen.label)}</span>
                </StaffLink>
              </li>
            )
          })}
        </Cards>
      )}
    </>
  )
}
