import {
  ACCOUNT_MESSAGES,
  accountListQuerySchema,
  accountPageSchema,
  accountSchema,
  authenticateSchema,
  createAccountSchema,
  deleteAccountSchema,
  emailOnlySchema,
  MESSAGES,
  messageSchema,
  moveAccountsSchema,
  movedAccountsSchema,
  registerSchema,
  resetPasswordSchema,
  sessionSchema,
  tokenSchema,
  updateAccountSchema,
  updatedAccountSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Config, isListedFrontEnd } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import { idParams, security } from '../route-schemas.ts';
import { listAccountPage } from './list.ts';
import {
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  moveAccountsToChurch,
  updateAccount,
} from './management.ts';
import {
  afterPasswordChange,
  forgotPassword,
  register,
  resetPassword,
  validateResetToken,
  verifyEmail,
} from './registration.ts';
import {
  authenticate,
  type ClientInfo,
  refresh,
  revoke,
  type SignedIn,
  signedInBeforeFrom,
  startSessionFor,
  WrongCredentials,
} from './sessions.ts';
import { signInFailures } from './sign-in-failures.ts';

const tags = ['accounts'];

export const accountRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const { authLimits, refreshCookie } = app;
  // Every answer here carries a token or personal data: no cache may keep it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const client = (request: FastifyRequest): ClientInfo => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const startSession = (reply: FastifyReply, signedIn: SignedIn) => {
    refreshCookie.set(reply, signedIn.refreshToken, signedIn.refreshExpires);
    return signedIn.session;
  };

  app.post(
    '/register',
    {
      ...authLimits.byBody(1, 'email'),
      schema: {
        tags,
        summary: 'Create an account and mail its verification link',
        body: registerSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await register(app.mailContext(request), request.body);
      return { message: ACCOUNT_MESSAGES.registered };
    },
  );

  const failures = signInFailures(authLimits.perMinute(1), { redis: app.redis });
  app.post(
    '/authenticate',
    {
      config: authLimits.route(1),
      schema: {
        tags,
        summary: 'Sign in; sets the refresh cookie',
        body: authenticateSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // An account under attack is tried only from addresses it has signed in from: any other guess is
      // refused unread, so spreading guesses over many addresses learns nothing.
      if ((await failures.underAttack(email)) && !(await signedInBeforeFrom(app.db, email, request.ip))) {
        throw new HttpError(429, MESSAGES.tooManyRequests);
      }
      try {
        return startSession(reply, await authenticate(app.db, app.auth.secret, request.body, client(request)));
      } catch (error) {
        if (error instanceof WrongCredentials) await failures.record(email);
        throw error;
      }
    },
  );

  app.post(
    '/refresh-token',
    {
      config: authLimits.route(6),
      schema: { tags, summary: 'Swap the refresh cookie for a new session', response: { 200: sessionSchema } },
    },
    async (request, reply) => {
      try {
        return startSession(
          reply,
          await refresh(
            app.db,
            app.auth.secret,
            refreshCookie.read(request),
            client(request),
            config.refreshReuseGraceSeconds,
          ),
        );
      } catch (error) {
        refreshCookie.clear(reply);
        throw error;
      }
    },
  );

  app.post(
    '/revoke-token',
    {
      schema: {
        tags,
        summary:
          'Sign out: end the session of the refresh cookie (or of `token`, for clients that keep it) and clear the cookie; the body may be empty, but without either there is nothing to end (400)',
        // A browser's fetch with an empty string body sends it as text/plain: nothing, too.
        body: z.preprocess(
          (body) => (body === '' ? null : body),
          z.object({ user: z.unknown().optional(), token: z.string().max(200).optional() }).nullish(),
        ),
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      await revoke(app.db, refreshCookie.read(request) ?? request.body?.token);
      refreshCookie.clear(reply);
      return { message: ACCOUNT_MESSAGES.signedOut };
    },
  );

  /** A POST of a mailed token: `check` takes the token, answering with its message, or refuses it. */
  const tokenRoute = (
    url: string,
    route: { summary: string; check: (db: Database, token: string) => Promise<string> },
  ) =>
    app.post(
      url,
      {
        config: authLimits.route(2),
        schema: { tags, summary: route.summary, body: tokenSchema, response: { 200: messageSchema } },
      },
      async (request) => ({ message: await route.check(app.db, request.body.token) }),
    );

  tokenRoute('/verify-email', {
    summary: 'Verify an address with the mailed token; a link opened again says the address is already verified',
    check: verifyEmail,
  });

  app.post(
    '/forgot-password',
    {
      ...authLimits.byBody(0.5, 'email'),
      schema: { tags, summary: 'Mail a password reset link', body: emailOnlySchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await forgotPassword(app.mailContext(request), request.body.email);
      return { message: ACCOUNT_MESSAGES.resetSent };
    },
  );

  tokenRoute('/validate-reset-token', {
    summary: 'Check a reset token before asking for a password',
    check: validateResetToken,
  });

  app.post(
    '/reset-password',
    {
      ...authLimits.byBody(0.5, 'token'),
      schema: {
        tags,
        summary: 'Set a new password with the mailed token',
        body: resetPasswordSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await resetPassword(app.mailContext(request), request.body.token, request.body.password);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  );

  const list = {
    onRequest: app.auth.require('accounts:manage'),
    schema: { tags, security, summary: 'All accounts (admins)', response: { 200: z.array(accountSchema) } },
  };
  app.get('/', list, async () => listAccounts(app.db));

  app.get(
    '/list',
    {
      onRequest: app.auth.require('accounts:manage'),
      schema: {
        tags,
        security,
        summary: 'One page of accounts (admins): search, sort and paging done by the server',
        querystring: accountListQuerySchema,
        response: { 200: accountPageSchema },
      },
    },
    async (request) => listAccountPage(app.db, request.query),
  );

  const read = {
    onRequest: app.auth.require(),
    schema: {
      tags,
      security,
      summary: 'One account (self, or any for admins)',
      params: idParams,
      response: { 200: accountSchema },
    },
  };
  app.get('/:id', read, async (request) => getAccount(app.db, app.auth.caller(request), request.params.id));

  app.post(
    '/',
    {
      onRequest: app.auth.require('accounts:manage'),
      schema: {
        tags,
        security,
        summary: 'Create an account (admins)',
        body: createAccountSchema,
        response: { 201: accountSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAccount(app.db, app.auth.caller(request), request.body)),
  );

  app.post(
    '/church',
    {
      onRequest: app.auth.require('accounts:manage'),
      schema: {
        tags,
        security,
        summary:
          'Move accounts to a church (admins), all or none: a Super Admin’s only by a Super Admin. Ids of accounts that no longer exist are skipped; `moved` counts the others',
        body: moveAccountsSchema,
        response: { 200: movedAccountsSchema },
      },
    },
    async (request) => moveAccountsToChurch(app.db, app.auth.caller(request), request.body),
  );

  const update = {
    onRequest: app.auth.require(),
    preHandler: authLimits.passwordChecks,
    schema: {
      tags,
      security,
      summary:
        'Update an account within the caller’s rights. Your own new password or e-mail needs `currentPassword`; a new jwtToken comes back when your own password changed',
      params: idParams,
      body: updateAccountSchema,
      response: { 200: updatedAccountSchema },
    },
  };
  const updateHandler = async (
    request: FastifyRequest<{ Params: { id: string }; Body: z.output<typeof updateAccountSchema> }>,
    reply: FastifyReply,
  ) => {
    const who = app.auth.caller(request);
    const { account, passwordChanged } = await updateAccount(app.db, who, request.params.id, request.body);
    if (!passwordChanged) return account;
    await afterPasswordChange(app.mailContext(request), account);
    if (who.id !== account.id) return account;
    // Every earlier session of this account just ended, this one included: hand over a fresh one.
    return startSession(reply, await startSessionFor(app.db, app.auth.secret, account.id, client(request)));
  };
  app.put('/:id', update, updateHandler);

  app.delete(
    '/:id',
    {
      onRequest: app.auth.require(),
      preHandler: authLimits.passwordChecks,
      schema: {
        tags,
        security,
        summary:
          'Delete an account: your own (confirmed by `currentPassword`, which a front end of another site that CORS_ORIGINS admits may leave out), or any that admins manage. Downloads stay in the statistics without it',
        params: idParams,
        body: deleteAccountSchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.db, app.auth.caller(request), request.params.id, {
        currentPassword: request.body?.currentPassword,
        passwordOptional: isListedFrontEnd(config, request.headers.origin),
      });
      // Its download links stop working at once, in every instance (they keep which accounts exist).
      await app.lists.clear();
      if (app.auth.caller(request).id === request.params.id) refreshCookie.clear(reply);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
};
