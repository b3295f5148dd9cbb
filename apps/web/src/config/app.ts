export const APP_NAME = 'Teen Devotional Portal';
