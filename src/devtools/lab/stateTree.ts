import type { AnyStateMachine, StateValue } from 'xstate'

/** One state of a machine as the lab lists it: its dotted path from the root and its children. */
export interface StateBranch {
  key: string
  /** Dotted path from the root, e.g. "card.widget.shown"; the root's is "". */
  path: string
  final: boolean
  children: StateBranch[]
}

/** The machine's states, nested as they are declared. */
export function stateTree(machine: AnyStateMachine): StateBranch[] {
  type Node = { key: string; type: string; states: Record<string, Node> }
  const walk = (node: Node, prefix: string): StateBranch[] =>
    Object.values(node.states).map((child) => {
      const path = prefix ? `${prefix}.${child.key}` : child.key
      return { key: child.key, path, final: child.type === 'final', children: walk(child, path) }
    })
  return walk(machine.root as unknown as Node, '')
}

/** Every active state's dotted path: {card: {widget: 'shown'}} gives card, card.widget and card.widget.shown. */
export function activePaths(value: StateValue): Set<string> {
  const paths = new Set<string>()
  const walk = (item: StateValue, prefix: string) => {
    if (typeof item === 'string') {
      paths.add(prefix ? `${prefix}.${item}` : item)
      return
    }
    for (const [key, child] of Object.entries(item)) {
      const path = prefix ? `${prefix}.${key}` : key
      paths.add(path)
      if (child !== undefined) walk(child, path)
    }
  }
  walk(value, '')
  return paths
}

/** The deepest active states (one per parallel region), as the lab names "where the machine is". */
export function leafPaths(value: StateValue): string[] {
  const all = [...activePaths(value)]
  return all.filter((path) => !all.some((other) => other.startsWith(`${path}.`)))
}
