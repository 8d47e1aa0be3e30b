/**
 * Asks a just-started server for its first pages once, so it loads the renderer of first pages before a browser does:
 * on a busy machine, two files starting at once, the first page.goto of a file waited past its 20 s on that start.
 */
export async function renderFirstPages(url: string): Promise<void> {
  for (const path of ['/', '/cart']) {
    const response = await fetch(`${url.replace(/\/$/, '')}${path}`)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${path} answered ${response.status} on the server under test`)
  }
}
