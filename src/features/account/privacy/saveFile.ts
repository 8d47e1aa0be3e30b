// Long enough for the browser to start reading the file; the object URL is then let go.
const releaseAfterMs = 60_000

/** Hands the browser a JSON file to save as `name`: a real download, as a link with the download attribute gives. */
export function saveJsonFile(name: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), releaseAfterMs)
}
