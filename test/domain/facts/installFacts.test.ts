import { installFamily } from '../../../src/domain/facts/installFacts.ts'
import { describeFamily } from './familyContract.ts'

describeFamily(installFamily, { 'v1.InstallOfferDeclined': {}, 'v1.InstallHintDismissed': {} })
