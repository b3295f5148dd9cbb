/** The installed app's manifest in a locale (vite-plugins/locale-manifests.ts writes them): `/manifest-fr.webmanifest`. */
export const localeManifestPath = (locale: string) => `/manifest-${locale}.webmanifest`;
