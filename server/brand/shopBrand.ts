import { demoBrand, type ShopBrand } from './brandSettings.ts'

// The deployment's identity, like MAIL_FROM: one per process, set where the process reads its settings (the app, the
// command-line entries), so every mail rendered anywhere in it names the same shop.
let current: ShopBrand = demoBrand

/** The brand this process's mails and passkey prompts name. */
export const shopBrand = (): ShopBrand => current

/** Sets the brand this process's mails name (createApp and each command-line entry, from their settings). */
export function brandThisProcess(brand: ShopBrand | undefined): void {
  current = brand ?? demoBrand
}
