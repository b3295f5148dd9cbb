/** `virtual:prime-themes` for the unit tests: the build's plugin (vite-plugins/prime-themes.ts) reads PrimeReact's folder. */
export const themeNames = ['arya-blue', 'lara-dark-indigo', 'lara-light-indigo', 'vela-green'];
export const themesPath = '/themes/test';
