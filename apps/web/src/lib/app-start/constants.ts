/** Kept free of imports: the build's plugins and the boot script read these too. */

/** The `<template>` of a prerendered page that holds its app's scripts, inert until the visitor needs the app (decision 052). */
export const APP_TEMPLATE_ID = 'app-start';
/** Marks the button a visitor pressed before the app had started: the app presses it again once it has. */
export const PRESSED_BEFORE_START = 'data-pressed-before-start';
/**
 * Put on <html> by the boot script, before the first paint, when the address carries a mailed link's token: a
 * prerendered page that checks one (verify-email) then shows its wait, and without one its failure (token-status.tsx).
 */
export const LINK_TOKEN = 'data-link-token';
/**
 * Marks a prerendered page's stylesheets that come with its app: `disabled` until then, which a browser does not
 * fetch, in their places in <head>, so that the cascade is the one the page was drawn with.
 */
export const WITH_APP = 'data-with-app';
