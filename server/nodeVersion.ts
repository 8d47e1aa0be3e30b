// The compiled entries an operator runs import this module before anything else of the server (server/build/buildServer.ts):
// it must import nothing, and parse on any Node that runs ES modules with top-level await (14.8 and later).

/** The major version of package.json's `engines.node` (`>=24`): the oldest Node the server runs on. */
export function supportedNodeMajor(engines: string): number {
  const found = /^\s*>=\s*v?(\d+)(\.\d+){0,2}\s*$/.exec(engines)
  if (!found) throw new Error(`package.json engines.node (${engines}) is not ">=" one version: the Node check reads its major version`)
  return Number(found[1])
}

/** Why Node `running` (process.versions.node) cannot run the server, which needs `needed` or newer; undefined when it can. */
export function oldNodeProblem(running: string, needed: number): string | undefined {
  if (Number(running.split('.')[0]) >= needed) return undefined
  return `Node ${running} is older than the storefront supports: it needs Node ${needed} or newer (package.json engines). Install Node ${needed} (NodeSource, nvm, the official tarball or the node:${needed}-slim image: docs/operations.md, "Node") and start it with that one`
}

/**
 * On a Node older than `needed`: one fatal log line (the shape of the server's others) naming the running version, the
 * one needed and how to get it, exit code 1, and true, so the caller loads nothing more. False on a new enough Node.
 */
export function refuseOldNode(needed: number): boolean {
  const problem = oldNodeProblem(process.versions.node, needed)
  if (problem === undefined) return false
  const line = { level: 60, time: new Date().toISOString(), pid: process.pid, node: process.versions.node, needed, msg: problem }
  process.stdout.write(`${JSON.stringify(line)}\n`)
  process.exitCode = 1
  return true
}
