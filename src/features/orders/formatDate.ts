const long = new Intl.DateTimeFormat('en-ZA', { year: 'numeric', month: 'short', day: 'numeric' })

/** An order date as "5 Mar 2025"; text the server sent that is no date is shown as it is. */
export function formatOrderDate(value: string): string {
  const time = Date.parse(value)
  return Number.isNaN(time) ? value : long.format(time)
}
