import {
  can,
  countByLanguageQuerySchema,
  countItemSchema,
  countSchema,
  dateRangeSchema,
  downloadPageSchema,
  MESSAGES,
  myCountsSchema,
  pageQuerySchema,
  staffQuerySchema,
  statsSummarySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Forbidden } from '../../errors.ts';
import type { Caller } from '../../plugins/auth/auth.ts';
import { security } from '../route-schemas.ts';
import {
  countByBook,
  countByLanguage,
  countForAccount,
  listAccountDownloads,
  listAllDownloads,
  listDownloadsWithin,
  myCounts,
  summary,
} from './service.ts';

const tags = ['statistics'];

/** Admins see everyone's figures; a User only their own. */
function assertMaySee(caller: Caller, accountId: string) {
  if (caller.id !== accountId && !can(caller.role, 'stats:read')) throw new Forbidden(MESSAGES.denied);
}

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = { timeZone: app.config.timeZone };
  const signedIn = app.auth.require();
  const admins = app.auth.require('stats:read');
  const accountParams = z.object({ id: z.string() });
  const staffPageQuery = pageQuerySchema.extend(staffQuerySchema.shape);

  app.get(
    '/languages',
    {
      onRequest: admins,
      schema: {
        tags,
        security,
        summary:
          'Downloads per language between two days (inclusive), optionally of one book, most first; the staff’s downloads only with includeStaff=true',
        querystring: countByLanguageQuerySchema,
        response: { 200: z.array(countItemSchema) },
      },
    },
    async (request) => countByLanguage(app.db, request.query),
  );

  app.get(
    '/summary',
    {
      onRequest: admins,
      schema: {
        tags,
        security,
        summary:
          'Dashboard figures: downloads in the range, this month, this year, active users, top language; the staff’s downloads only with includeStaff=true',
        querystring: countByLanguageQuerySchema,
        response: { 200: statsSummarySchema },
      },
    },
    async (request) => summary(app.db, clock, request.query),
  );

  app.get(
    '/books',
    {
      onRequest: admins,
      schema: {
        tags,
        security,
        summary: 'Downloads per book, all time; the staff’s downloads only with includeStaff=true',
        querystring: staffQuerySchema,
        response: { 200: z.array(countItemSchema) },
      },
    },
    async (request) => countByBook(app.db, request.query),
  );

  app.get(
    '/downloads',
    {
      onRequest: admins,
      schema: {
        tags,
        security,
        summary: 'Every download, newest first, paged; the staff’s only with includeStaff=true',
        querystring: staffPageQuery,
        response: { 200: downloadPageSchema },
      },
    },
    async (request) => listAllDownloads(app.db, request.query),
  );

  app.get(
    '/downloads/by-date',
    {
      onRequest: admins,
      schema: {
        tags,
        security,
        summary: 'Downloads between two days (inclusive), newest first, paged; the staff’s only with includeStaff=true',
        querystring: z.intersection(dateRangeSchema, staffPageQuery),
        response: { 200: downloadPageSchema },
      },
    },
    async (request) => listDownloadsWithin(app.db, clock, request.query),
  );

  app.get(
    '/accounts/:id/downloads',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'One account’s downloads, newest first, paged (self, or any for admins)',
        params: accountParams,
        querystring: pageQuerySchema,
        response: { 200: downloadPageSchema },
      },
    },
    async (request) => {
      assertMaySee(app.auth.caller(request), request.params.id);
      return listAccountDownloads(app.db, request.params.id, request.query);
    },
  );

  app.get(
    '/accounts/:id/downloads/total',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'How many downloads an account made, all time',
        params: accountParams,
        response: { 200: countSchema },
      },
    },
    async (request) => {
      assertMaySee(app.auth.caller(request), request.params.id);
      return { count: await countForAccount(app.db, clock, request.params.id) };
    },
  );

  app.get(
    '/downloads/count',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'How many downloads an account made between two days (inclusive)',
        querystring: z.intersection(dateRangeSchema, z.object({ userId: z.string() })),
        response: { 200: countSchema },
      },
    },
    async (request) => {
      const { userId, ...range } = request.query;
      assertMaySee(app.auth.caller(request), userId);
      return { count: await countForAccount(app.db, clock, userId, range) };
    },
  );

  app.get(
    '/mine',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'The caller’s downloads this month, this year and in all',
        response: { 200: myCountsSchema },
      },
    },
    async (request) => myCounts(app.db, clock, app.auth.caller(request).id),
  );
};
