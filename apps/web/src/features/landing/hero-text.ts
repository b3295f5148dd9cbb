/** The landing hero's words: the page draws them, the build prerenders them, bench/landing.ts compares with them. */
export const LANDING_HERO = {
  eyebrow: 'Monthly teen devotionals',
  title: 'Teevo and Take5, every month, in your language',
  lead: 'Registered church members download each new edition as a PDF, in many languages. Sign up with your church to get started.',
} as const;
