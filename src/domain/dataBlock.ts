/** JSON placed in a page as a data block (never a script: the policy allows none inline), made safe so no `</script>` or comment closes it early. */
export function jsonDataBlock(id: string, json: string): string {
  const safe = json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `<script type="application/json" id="${id}">${safe}</script>`
}
