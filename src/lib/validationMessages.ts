import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { bidiMessages, messages, tooLongMessages, unsavableMessages } from '../domain/account.ts'
import { passwordMessages } from '../domain/password.ts'
import { serverMessages } from '../domain/serverMessages.ts'
import { packageChangeMessages } from '../domain/serviceActions.ts'
import { simNameMessages } from '../domain/simName.ts'

type MessageKey = keyof typeof messages

/** One catalogue entry per validation message; the shared schemas speak English, the UI translates. */
const descriptors: Record<MessageKey, MessageDescriptor> = {
  firstName: msg`First name is required.`,
  lastName: msg`Last name is required.`,
  idRequired: msg`ID number is required.`,
  idDigits: msg`ID number must be 13 digits.`,
  idInvalid: msg`ID number is not a valid South African ID number: check the date of birth and the last digit.`,
  idType: msg`Choose South African ID or Passport.`,
  passportRequired: msg`Passport number is required.`,
  passportShape: msg`Passport number must be 6 to 20 letters or digits.`,
  countryRequired: msg`Country of issue is required.`,
  countryUnknown: msg`Country of issue is not a known country.`,
  countrySouthAfrica: msg`As a South African citizen, register with your South African ID number, not a passport.`,
  emailRequired: msg`Email is required.`,
  emailShape: msg`Invalid email address.`,
  passwordRequired: msg`Password is required.`,
  passwordRule: msg`Password must be at least 8 characters, include a number, and a special character.`,
  phoneRequired: msg`Phone number is required.`,
  phoneDigits: msg`Phone number must be 10 digits.`,
  mobileDigits: msg`Mobile number must be 10 digits.`,
  streetName: msg`Street name is required.`,
  streetNumber: msg`Street number is required.`,
  city: msg`City/Town name is required.`,
  postalRequired: msg`Postal Code is required.`,
  postalDigits: msg`Invalid Postal Code.`,
  province: msg`Province is required.`,
}

/** Text PostgreSQL cannot store (a NUL byte, a lone surrogate), by field. */
const unsavableDescriptors: Record<keyof typeof unsavableMessages, MessageDescriptor> = {
  first_name: msg`First name contains characters that cannot be saved.`,
  last_name: msg`Last name contains characters that cannot be saved.`,
  email: msg`Email contains characters that cannot be saved.`,
  password: msg`Password contains characters that cannot be saved.`,
  unit_number: msg`Unit number contains characters that cannot be saved.`,
  floor_level: msg`Floor level contains characters that cannot be saved.`,
  building_name: msg`Building name contains characters that cannot be saved.`,
  street_number: msg`Street number contains characters that cannot be saved.`,
  street_name: msg`Street name contains characters that cannot be saved.`,
  suburb: msg`Suburb contains characters that cannot be saved.`,
  city: msg`City/Town contains characters that cannot be saved.`,
  province: msg`Province contains characters that cannot be saved.`,
  country: msg`Country contains characters that cannot be saved.`,
  deliver_to: msg`Deliver to contains characters that cannot be saved.`,
}

/** Fields past their length (src/domain/account.ts tooLongMessages). */
const tooLongDescriptors: Record<keyof typeof tooLongMessages, MessageDescriptor> = {
  first_name: msg`First name must be at most 100 characters.`,
  last_name: msg`Last name must be at most 100 characters.`,
  unit_number: msg`Unit number must be at most 100 characters.`,
  floor_level: msg`Floor level must be at most 100 characters.`,
  building_name: msg`Building name must be at most 100 characters.`,
  street_number: msg`Street number must be at most 100 characters.`,
  street_name: msg`Street name must be at most 100 characters.`,
  suburb: msg`Suburb must be at most 100 characters.`,
  city: msg`City/Town must be at most 100 characters.`,
  province: msg`Province must be at most 100 characters.`,
  country: msg`Country must be at most 100 characters.`,
  deliver_to: msg`Deliver to must be at most 100 characters.`,
}

/** Names holding text direction controls (src/domain/account.ts bidiMessages). */
const bidiDescriptors: Record<keyof typeof bidiMessages, MessageDescriptor> = {
  first_name: msg`First name cannot contain text direction control characters.`,
  last_name: msg`Last name cannot contain text direction control characters.`,
  building_name: msg`Building name cannot contain text direction control characters.`,
  street_name: msg`Street name cannot contain text direction control characters.`,
}

/** What the server answers a customer can meet (src/domain/serverMessages.ts). */
const serverDescriptors: Record<keyof typeof serverMessages, MessageDescriptor> = {
  wrongCredentials: msg`Incorrect Username or Password. Please try again.`,
  tooManyAttempts: msg`Too many sign-in attempts. Please wait a few minutes and try again.`,
  notSignedIn: msg`Not signed in.`,
  emailTaken: msg`An account with this email already exists.`,
  tooManySignups: msg`Many accounts were created from your network in the last hour. Please wait a while and try again.`,
  orderNotFound: msg`Order not found.`,
  serviceNotFound: msg`Service not found.`,
  checkoutNotFound: msg`Payment not found.`,
  alreadyPaid: msg`This order is already paid.`,
  notPayable: msg`This order can no longer be paid.`,
  amountMismatch: msg`The amount does not match the order.`,
  paymentInFlight: msg`This payment is still being processed. Please wait a moment.`,
  providerDown: msg`The payment provider could not be reached. Please try again.`,
  tooManyMessages: msg`You have sent several messages in the last few minutes. Please wait a little before sending another.`,
  othersOrder: msg`You can only pay for your own orders.`,
  othersOrders: msg`You can only view your own orders.`,
  invoiceUnpaid: msg`A tax invoice is issued once the order is paid.`,
  orderForSomeoneElse: msg`You can only place orders for yourself.`,
  othersServices: msg`You can only view your own services.`,
  othersServiceBundles: msg`You can only buy bundles for your own SIMs.`,
  bundleNotOffered: msg`This bundle is not offered for this SIM.`,
  serviceNotActive: msg`Bundles can only be added to an active SIM.`,
  othersBilling: msg`You can only view your own billing.`,
  othersProfile: msg`You can only view your own profile.`,
  othersPayments: msg`You can only see your own payments.`,
  paymentForSomeoneElse: msg`You can only pay for yourself.`,
  othersAccount: msg`You can only change your own account.`,
  othersAddress: msg`You can only change your own addresses.`,
  addressNotFound: msg`Address not found.`,
  lastAddress: msg`Keep at least one address: add another before removing this one.`,
  sameEmail: msg`This is already your email.`,
  editKeyReused: msg`This request was already used for a different change.`,
  emailLinkInvalid: msg`This confirmation link has expired or was already used. Ask for a new one on your profile.`,
  tooManyEmailChanges: msg`You asked for several confirmation links in a short time. Please check your email, or wait a while before asking again.`,
  verifyLinkInvalid: msg`This confirmation link has expired, or your account no longer has this email.`,
  stopLinkInvalid: msg`This link no longer works: the change was already stopped, confirmed or replaced, or the link expired. If your email was changed, use the link in the email that told you so.`,
  undoLinkInvalid: msg`This link no longer works: it was already used, or it is more than 7 days old.`,
  socialSignInExpired: msg`This sign-in has expired. Please sign in again.`,
  socialLinkInvalid: msg`This link no longer works: it was already used, is more than 30 minutes old, or was opened in another browser than the one you signed in with. Please sign in again.`,
  wrongCurrentPassword: msg`The current password is not correct.`,
  credentialsChanged: msg`Your password was changed or reset while this request was on its way, so nothing was changed. Sign in again if asked, then try again.`,
  passwordCheckBusy: msg`Your previous password check is still being worked on. Please wait a moment and try again.`,
  tooManyPasswordChanges: msg`You changed your password several times in the last hour. Please wait a while before changing it again.`,
  undoLinkOpen: msg`Your last email change can still be undone from your previous address for up to 7 days after it. You can change your email again once that link has been used or has expired.`,
  resetLinkSent: msg`If an account exists for that email, we sent a link to reset your password.`,
  tooManyResetRequests: msg`You asked for several links to reset a password in the last few minutes. Please check your email, or wait a little before asking again.`,
  resetLinkUsed: msg`This link was already used, or your password was changed after it was sent.`,
  resetLinkExpired: msg`This link has expired: a link to reset your password works for 30 minutes.`,
  resetLinkInvalid: msg`This link is not valid: it may have been cut short. Open it again from the email, or ask for a new one.`,
  wrongPassword: msg`The password is not correct.`,
  othersServiceChange: msg`You can only change your own services.`,
  simCancelled: msg`This SIM is cancelled and can no longer be changed.`,
  simNotActive: msg`This SIM is not active yet: it can be changed once the network has activated it.`,
  packageAlreadyScheduled: msg`A package change is already scheduled for this SIM. Undo it to choose another package.`,
  cancellationAlreadyScheduled: msg`A cancellation is already scheduled for this SIM.`,
  packageNotOffered: msg`This package cannot be chosen for this SIM.`,
  actionNotFound: msg`This scheduled action was not found.`,
  actionAlreadyApplied: msg`This action has already taken effect and can no longer be undone.`,
  changedMeanwhile: msg`This was changed by another request at the same moment. Please try again.`,
  unavailable: msg`The service is briefly unavailable. Please try again in a moment.`,
  signInNotFound: msg`This sign-in is not linked to your account.`,
  signInAgain: msg`To remove a sign-in, sign in again first: your last sign-in on this device was more than 10 minutes ago.`,
  lastSignIn: msg`This is the only way you sign in: choose a password with "Forgot your password?" before removing it.`,
  signInRemovalLinkInvalid: msg`This link no longer works: the sign-in was already removed, or the link was never sent.`,
  languageUnknown: msg`Choose English, isiXhosa or Afrikaans.`,
  pushEndpointRefused: msg`This browser's notification service is not one we can send to. Try another browser, or turn notifications off and on again.`,
  pushSubscriptionNotFound: msg`These notifications were not found on your account.`,
}

/** The password forms' own messages (src/domain/password.ts). */
const passwordDescriptors: Record<keyof typeof passwordMessages, MessageDescriptor> = {
  currentRequired: msg`Current password is required.`,
  confirmDiffers: msg`The passwords do not match.`,
  unreachable: msg`Could not reach the server. Check your connection and try again.`,
}

/** The SIM name's rule (src/domain/simName.ts) and the package choice. */
const simDescriptors: Record<keyof typeof simNameMessages | keyof typeof packageChangeMessages, MessageDescriptor> = {
  required: msg`Enter a name for the SIM.`,
  tooLong: msg`The SIM name can be at most 40 characters.`,
  tooLongUnits: msg`The SIM name is too long: use fewer emoji or symbols.`,
  direction: msg`The SIM name cannot contain text direction control characters.`,
  unsavable: msg`SIM name contains characters that cannot be saved.`,
  notSaved: msg`The name could not be saved on this phone. Please try again.`,
  choose: msg`Choose a package.`,
}

const byText = new Map<string, MessageDescriptor>([
  ...(Object.keys(serverMessages) as (keyof typeof serverMessages)[]).map((key) => [serverMessages[key], serverDescriptors[key]] as const),
  ...(Object.keys(messages) as MessageKey[]).map((key) => [messages[key], descriptors[key]] as const),
  ...(Object.keys(unsavableMessages) as (keyof typeof unsavableMessages)[]).map((key) => [unsavableMessages[key], unsavableDescriptors[key]] as const),
  ...(Object.keys(tooLongMessages) as (keyof typeof tooLongMessages)[]).map((key) => [tooLongMessages[key], tooLongDescriptors[key]] as const),
  ...(Object.keys(bidiMessages) as (keyof typeof bidiMessages)[]).map((key) => [bidiMessages[key], bidiDescriptors[key]] as const),
  ...(Object.keys(passwordMessages) as (keyof typeof passwordMessages)[]).map((key) => [passwordMessages[key], passwordDescriptors[key]] as const),
  ...Object.entries({ ...simNameMessages, ...packageChangeMessages }).map(([key, text]) => [text, simDescriptors[key as keyof typeof simDescriptors]] as const),
])

/** A shared validation message or a server answer in the active language; a text with no catalogue entry shows as it is. */
export function translateMessage(i18n: I18n, text: string): string {
  const descriptor = byText.get(text)
  return descriptor ? i18n._(descriptor) : text
}
