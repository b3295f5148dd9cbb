/** Every user-facing message that both the server and the browser show. */
export const MESSAGES = {
  notFound: 'Resource is not found.',
  denied: 'You do not have the necessary privileges.',
  signInRequired: 'Please sign in to continue.',
  routeNotFound: 'No API route matches this request.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  brokenUpload: 'The upload arrived incomplete or garbled. Please send the file again.',
  unexpected: 'Something went wrong on our side. Please try again later.',
  storageFull: 'The server’s disk is full, so nothing was saved. An administrator needs to free some space.',
  storageUnreachable:
    'The portal can’t reach its files just now, so nothing was saved or sent. Please try again in a few minutes.',
  conflict: 'Someone else just saved the same thing. Please reload and try again.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
} as const;
