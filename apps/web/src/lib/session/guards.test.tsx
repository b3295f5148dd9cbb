import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { session } from '../../testing/session.ts';
import { RequireAuth, RequirePermission } from './guards.tsx';
import { acknowledgeSessionEnd, endSession, startSession } from './session-store.ts';

/** Where the guard sent the person, and with what router state. */
function Where() {
  const { pathname, search, state } = useLocation();
  return <output>{`${pathname}${search} ${JSON.stringify(state)}`}</output>;
}

function guarded(route: string) {
  return renderWithApp(
    <Routes>
      <Route path="/" element={<RequireAuth>{'home'}</RequireAuth>} />
      <Route path="/user/*" element={<RequireAuth>{'member page'}</RequireAuth>} />
      <Route element={<RequirePermission to="records:manage" />}>
        <Route path="/admin/books" element={'books'} />
      </Route>
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  );
}

afterEach(() => endSession('signed-out'));

describe('guards', () => {
  it('send a visitor who asked for a page to sign in, coming back after', async () => {
    endSession('refused');
    acknowledgeSessionEnd();
    guarded('/user/read/e1?from=home');
    expect((await screen.findByRole('status')).textContent).toBe(
      '/login?redirect=%2Fuser%2Fread%2Fe1%3Ffrom%3Dhome null',
    );
  });

  it('send a visitor who opened the site’s address, or who signed out, to the landing page', async () => {
    endSession('signed-out');
    guarded('/user/profile');
    expect((await screen.findByRole('status')).textContent).toBe('/en/dist null');
  });

  it('tell the sign-in page that the server ended the session', async () => {
    endSession('refused');
    guarded('/');
    expect((await screen.findByRole('status')).textContent).toBe('/login {"sessionEnded":true}');
  });

  it('let a member through', async () => {
    server.use(http.post('/api/accounts/refresh-token', () => HttpResponse.json(session('token'))));
    startSession(session('token'));
    guarded('/user/profile');
    expect(await screen.findByText('member page')).toBeTruthy();
  });

  it('send a member without the permission to Denied', async () => {
    server.use(http.post('/api/accounts/refresh-token', () => HttpResponse.json(session('token'))));
    startSession(session('token'));
    guarded('/admin/books');
    expect((await screen.findByRole('status')).textContent).toBe('/access null');
  });
});
