/** The Luhn (mod 10) check digit of ISO/IEC 7812, which an ICCID carries last (ITU-T E.118). */
export function luhnCheckDigit(body: string): string {
  if (!/^\d+$/.test(body)) throw new Error('A Luhn body must be digits')
  let sum = 0
  // The digit next to the check digit is doubled, then every second one going left.
  for (let i = body.length - 1, double = true; i >= 0; i--, double = !double) {
    const n = (body.charCodeAt(i) - 48) * (double ? 2 : 1)
    sum += n > 9 ? n - 9 : n
  }
  return String((10 - (sum % 10)) % 10)
}

/** True when the last digit is the Luhn check digit of the ones before it. */
export const isLuhnValid = (digits: string): boolean => /^\d{2,}$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1)
