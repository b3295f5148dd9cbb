import type { Session } from '@portal/contract';
import { api } from '../api-client.ts';
import { startSession } from './session-store.ts';

/** Signs in with e-mail and password; the server also sets the refresh cookie. */
export async function signIn(email: string, password: string): Promise<Session> {
  const session = await api.post('/accounts/authenticate', { body: { email, password } });
  startSession(session);
  return session;
}
