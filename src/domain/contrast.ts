/** A colour as CSS writes it in six hex digits (#0b4f9c); the brand's theme colour is given this way. */
export const hexColourPattern = /^#[0-9a-f]{6}$/i

/** WCAG 2's relative luminance of a #rrggbb colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const channel = (at: number) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/** WCAG 2's contrast ratio of two #rrggbb colours, 1 to 21 (AA asks 4.5 for text). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** The colour mixed towards black by `share` (0 … 1): a darker shade of it, for text on its pale tints. */
export function darker(hex: string, share: number): string {
  const channel = (at: number) =>
    Math.round(Number.parseInt(hex.slice(at, at + 2), 16) * (1 - share))
      .toString(16)
      .padStart(2, '0')
  return `#${channel(1)}${channel(3)}${channel(5)}`
}
