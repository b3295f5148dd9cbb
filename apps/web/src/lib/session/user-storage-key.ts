/** Where the signed-in account is remembered (localStorage); free of imports, for the prerendered pages' start script. */
export const USER_STORAGE_KEY = 'user';
