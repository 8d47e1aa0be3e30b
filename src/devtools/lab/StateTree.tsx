import { useMemo } from 'react'
import { Trans } from '@lingui/react/macro'
import type { AnyStateMachine, StateValue } from 'xstate'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { Code } from './labStyles.ts'
import { activePaths, leafPaths, stateTree, type StateBranch } from './stateTree.ts'

const Tree = styled('ul')`
  list-style: none; margin: 0; padding: 0 0 0 14px; border-left: 2px solid ${theme.color.border};
  &.root { padding-left: 0; border-left: 0; }
  li { margin: 4px 0; }
  .state { display: inline-flex; align-items: center; gap: 6px; padding: 2px 8px; border-radius: 6px; }
  .active > .state { font-weight: 700; color: ${theme.color.brandDark}; }
  [aria-current] > .state { background: ${theme.color.brand}; color: #fff; }
  .tag { font-size: 12px; font-weight: 600; padding: 0 6px; border-radius: 999px; border: 1px solid currentColor; }
`

function Branch({ branch, active, current }: { branch: StateBranch; active: Set<string>; current: Set<string> }) {
  const isCurrent = current.has(branch.path)
  return (
    <li className={active.has(branch.path) ? 'active' : undefined} aria-current={isCurrent ? 'step' : undefined}>
      <span className="state">
        <Code>{branch.key}</Code>
        {branch.final && (
          <span className="tag">
            <Trans>final</Trans>
          </span>
        )}
        {isCurrent && (
          <span className="tag">
            <Trans>current</Trans>
          </span>
        )}
      </span>
      {branch.children.length > 0 && (
        <Tree>
          {branch.children.map((child) => (
            <Branch key={child.path} branch={child} active={active} current={current} />
          ))}
        </Tree>
      )}
    </li>
  )
}

/** The machine's states as a nested list; the states it is in are highlighted, the deepest marked aria-current. */
export function StateTree({ machine, value, label }: { machine: AnyStateMachine; value: StateValue; label: string }) {
  const branches = useMemo(() => stateTree(machine), [machine])
  const active = activePaths(value)
  const current = new Set(leafPaths(value))
  return (
    <Tree className="root" aria-label={label}>
      {branches.map((branch) => (
        <Branch key={branch.path} branch={branch} active={active} current={current} />
      ))}
    </Tree>
  )
}
