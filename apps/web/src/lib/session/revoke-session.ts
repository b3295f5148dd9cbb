/**
 * Asks the server to forget the refresh cookie and clear it; settles when it has answered. keepalive lets the
 * request finish even when the page that sent it is left.
 */
export const revokeRefreshCookie = (): Promise<unknown> =>
  fetch('/api/accounts/revoke-token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
    keepalive: true,
  }).catch(() => undefined);
