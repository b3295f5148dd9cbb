/// <reference types="vite-plugin-pwa/vanillajs" />

declare module 'virtual:prime-themes' {
  /** Folder names of the themes PrimeReact ships, sorted. */
  export const themeNames: string[];
  /** The folder they are served from, named after their version: `/themes/<version>`. */
  export const themesPath: string;
}
