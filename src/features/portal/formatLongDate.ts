const long = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric' })

/** Spec §2's long date, "22 November 2026"; text that is no date is shown as it is. */
export function formatLongDate(value: string): string {
  const time = Date.parse(value)
  return Number.isNaN(time) ? value : long.format(time)
}
