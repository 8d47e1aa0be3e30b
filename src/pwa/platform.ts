import type { InstallPlatform } from '../../machines/pwa.machine.ts'

/** iOS Safari: other iOS browsers name themselves (CriOS, FxiOS, EdgiOS…), and an iPad asks for desktop pages as a Mac with touch. */
export function installsFromShareMenu(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent)
}

/** How this browser installs the app, and whether it already runs installed. */
export function installPlatform(): InstallPlatform {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia('(display-mode: standalone)').matches
  return { installsFromShareMenu: installsFromShareMenu(navigator.userAgent, navigator.maxTouchPoints), standalone }
}
