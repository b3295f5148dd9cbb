import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { session } from '../../testing/session.ts';
import { lastPageOf, rememberPage } from '../editions/reading-memory.ts';
import { getSession } from './session-store.ts';
import { signIn } from './sign-in.ts';
import { useSignOut } from './use-sign-out.ts';

let signOut: (() => Promise<unknown>) | undefined;
function SignOut() {
  signOut = useSignOut();
  return null;
}

describe('signing in and out', () => {
  it('signs in with the account’s session, then out: on the server, in every tab, and on this device', async () => {
    let revoked = 0;
    server.use(
      http.post('/api/accounts/authenticate', async ({ request }) => {
        expect(await request.json()).toEqual({ email: 'ama@example.com', password: 'secret' });
        return HttpResponse.json(session('fresh'));
      }),
      http.post('/api/accounts/refresh-token', () => HttpResponse.json(session('fresh'))),
      http.post('/api/accounts/revoke-token', () => {
        revoked += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await signIn('ama@example.com', 'secret');
    expect(getSession()).toMatchObject({ accessToken: 'fresh', user: { email: 'ama@example.com' } });
    rememberPage('e1', 7);
    renderWithApp(
      <Routes>
        <Route path="/user/profile" element={<SignOut />} />
        <Route path="/en/dist" element={'landing'} />
      </Routes>,
      { route: '/user/profile' },
    );
    const leave = await vi.waitFor(() => {
      if (!signOut) throw new Error('not rendered yet');
      return signOut;
    });
    await act(() => leave());
    expect(revoked).toBe(1);
    expect(getSession()).toEqual({ user: null, accessToken: null, ended: 'signed-out' });
    expect(await screen.findByText('landing')).toBeTruthy();
    expect(lastPageOf('e1')).toBe(1);
  });
});
