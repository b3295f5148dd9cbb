/// <reference types="vite-plugin-pwa/vanillajs" />

declare module 'virtual:prime-themes' {
  /** Folder names of the themes PrimeReact ships, sorted. */
  export const themeNames: string[];
}
