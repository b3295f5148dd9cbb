import { messageSchema, REMINDER_MESSAGES, reminderInputSchema, reminderSchema, tokenSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { security } from '../route-schemas.ts';
import { readReminder, saveReminder, stopByToken, stopReminder } from './service.ts';

const tags = ['reminders'];

/** The daily reminder through Web Push (issue 33, point 4; decision 061): the member's own, and the notification's Stop. */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.auth.require('editions:download'),
      schema: {
        tags,
        security,
        summary: 'Your daily reminder (null: off), and the public key a browser subscribes to its messages with',
        response: { 200: reminderSchema },
      },
    },
    (request) => readReminder(app.db, app.auth.caller(request).id),
  );

  app.put(
    '/',
    {
      onRequest: app.auth.require('editions:download'),
      schema: {
        tags,
        security,
        summary: 'Turn your daily reminder on, or change its time, with this browser’s push subscription',
        body: reminderInputSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await saveReminder(app.db, app.config, app.auth.caller(request).id, request.body);
      return { message: REMINDER_MESSAGES.saved };
    },
  );

  app.delete(
    '/',
    {
      onRequest: app.auth.require('editions:download'),
      schema: { tags, security, summary: 'Turn your daily reminder off', response: { 200: messageSchema } },
    },
    async (request) => {
      await stopReminder(app.db, app.auth.caller(request).id);
      return { message: REMINDER_MESSAGES.stopped };
    },
  );

  app.post(
    '/stop',
    {
      schema: {
        tags,
        summary: 'Turn the daily reminder off from its notification, by the signed token it carried',
        querystring: tokenSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await stopByToken(app.db, request.query.token, app.auth.secret);
      return { message: REMINDER_MESSAGES.stopped };
    },
  );
};
