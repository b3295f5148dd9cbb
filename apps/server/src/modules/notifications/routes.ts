import {
  editionNotificationsSchema,
  messageSchema,
  NOTIFICATION_MESSAGES,
  notificationChoiceSchema,
  notificationSettingsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, security } from '../route-schemas.ts';
import { readChoice, saveChoice, stopByLink, undoStopByLink } from './choice.ts';
import { unsubscribeLink } from './mail.ts';
import { editionNotifications, resendFailed, setPaused } from './oversight.ts';
import { notificationsPaused } from './service.ts';

const tags = ['notifications'];
const tokenQuery = z.object({ token: z.string().max(200) });

/**
 * The new-edition mail (decision 034): the member's choice, the mail's links (which work without signing
 * in), and the back office's counts, pause and resend.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058: a mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; the token is
  // in the address, so the body is only read to be let through.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'Stop new-edition mail, by the signed token of the mail’s link; also the RFC 8058 one-click address of its List-Unsubscribe header',
        querystring: tokenQuery,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await stopByLink(app.db, unsubscribeLink(request.query.token, app.auth.secret));
      return { message: NOTIFICATION_MESSAGES.unsubscribed };
    },
  );

  app.post(
    '/subscribe',
    {
      schema: {
        tags,
        summary: 'Undo what this mail’s unsubscribe link did, by the same token; nothing else is undone',
        querystring: tokenQuery,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await undoStopByLink(app.db, unsubscribeLink(request.query.token, app.auth.secret));
      return { message: NOTIFICATION_MESSAGES.resubscribed };
    },
  );

  app.get(
    '/choice',
    {
      onRequest: app.auth.require('editions:download'),
      schema: {
        tags,
        security,
        summary: 'Your new-edition mail: on or off, and about which books (null: every book) and languages',
        response: { 200: notificationChoiceSchema },
      },
    },
    (request) => readChoice(app.db, app.auth.caller(request).id),
  );

  app.put(
    '/choice',
    {
      onRequest: app.auth.require('editions:download'),
      schema: {
        tags,
        security,
        summary: 'Change your new-edition mail',
        body: notificationChoiceSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await saveChoice(app.db, app.auth.caller(request).id, request.body);
      return { message: NOTIFICATION_MESSAGES.choiceSaved };
    },
  );

  app.get(
    '/editions',
    {
      onRequest: app.auth.require('files:manage'),
      schema: {
        tags,
        security,
        summary: 'For each edition told to members: how many were mailed, are waiting and failed (with the reasons)',
        response: { 200: z.array(editionNotificationsSchema) },
      },
    },
    () => editionNotifications(app),
  );

  app.post(
    '/editions/:id/resend',
    {
      onRequest: app.auth.require('notifications:manage'),
      schema: {
        tags,
        security,
        summary: 'Try an edition’s failed mails again',
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await resendFailed(app, request.params.id);
      return { message: NOTIFICATION_MESSAGES.resent };
    },
  );

  app.get(
    '/settings',
    {
      onRequest: app.auth.require('files:manage'),
      schema: {
        tags,
        security,
        summary: 'Whether new-edition mail is paused',
        response: { 200: notificationSettingsSchema },
      },
    },
    async () => ({ paused: await notificationsPaused(app.db) }),
  );

  app.put(
    '/settings',
    {
      onRequest: app.auth.require('notifications:manage'),
      schema: {
        tags,
        security,
        summary: 'Pause or resume all new-edition mail; resuming sends what waited',
        body: notificationSettingsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await setPaused(app, request.body.paused);
      return { message: request.body.paused ? NOTIFICATION_MESSAGES.paused : NOTIFICATION_MESSAGES.resumed };
    },
  );
};
