import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

const UP_TO = /^Up to (\S+)$/

/** A package's speed as the catalogue states it ("Up to 10Mbps"), in the active language; other wording shows as sent. */
export function speedText(i18n: I18n, speed: string): string {
  const rate = UP_TO.exec(speed.trim())?.[1]
  return rate === undefined ? speed : i18n._(msg`Up to ${rate}`)
}
