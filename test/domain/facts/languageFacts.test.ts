import { languageFamily } from '../../../src/domain/facts/languageFacts.ts'
import { describeFamily } from './familyContract.ts'

describeFamily(languageFamily, { 'v1.LanguageChosen': { language: 'xh' } })
