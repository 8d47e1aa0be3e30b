import { i18n } from '@lingui/core'
import { messages as en } from '../../../locales/lab/en.po'
import { messages as af } from '../../../locales/lab/af.po'
import { messages as xh } from '../../../locales/lab/xh.po'

// The lab's messages in every language, merged into the app's catalogues when the lab's chunk loads: the
// storefront's first load and its /i18n/{lng}.json never carry them.
i18n.load({ en, af, xh })
