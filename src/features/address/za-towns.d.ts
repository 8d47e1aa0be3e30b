/** Generated at build time by townsPlugin.ts (wired in vite.config.ts). */
declare module 'virtual:za-towns' {
  export const provinces: readonly string[]
  export const towns: readonly (readonly [name: string, province: number, lat: number, lng: number])[]
}
