import {
  ADMIN_ROLES,
  countByLanguageQuerySchema,
  countItemSchema,
  countSchema,
  dateRangeSchema,
  downloadPageSchema,
  isAdminRole,
  MESSAGES,
  myCountsSchema,
  pageQuerySchema,
  statsSummarySchema,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../db/ids.ts';
import { downloads } from '../../db/schema.ts';
import { Forbidden } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { security } from '../route-schemas.ts';
import {
  countByBook,
  countByLanguage,
  countForAccount,
  listDownloads,
  myCounts,
  summary,
  withinDays,
} from './service.ts';

const tags = ['statistics'];

/** Admins see everyone's figures; a User only their own. */
function assertMaySee(caller: Caller | null, accountId: string) {
  if (!caller || (caller.id !== accountId && !isAdminRole(caller.role))) throw new Forbidden(MESSAGES.denied);
}

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = { timeZone: app.config.timeZone };
  const signedIn = app.auth.require();
  const admins = app.auth.require(...ADMIN_ROLES);
  const accountParams = z.object({ id: z.string() });

  app.get(
    '/getcountDownloadByDateRange',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Downloads per language between two days (inclusive), optionally of one book, most first',
        querystring: countByLanguageQuerySchema,
        response: { 200: z.array(countItemSchema) },
      },
    },
    async (request) => countByLanguage(app.db, clock, request.query),
  );

  app.get(
    '/summary',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Dashboard figures: downloads in the range, this month, this year, active users, top language',
        querystring: countByLanguageQuerySchema,
        response: { 200: statsSummarySchema },
      },
    },
    async (request) => summary(app.db, clock, request.query),
  );

  app.get(
    '/getAllDownloadByBookType',
    {
      preHandler: admins,
      schema: { tags, security, summary: 'Downloads per book, all time', response: { 200: z.array(countItemSchema) } },
    },
    async () => countByBook(app.db),
  );

  app.get(
    '/getAllDownloads',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Every download, newest first, paged',
        querystring: pageQuerySchema,
        response: { 200: downloadPageSchema },
      },
    },
    async (request) => listDownloads(app.db, undefined, request.query),
  );

  app.get(
    '/getDownloadsByDateRange',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: 'Downloads between two days (inclusive), newest first, paged',
        querystring: z.intersection(dateRangeSchema, pageQuerySchema),
        response: { 200: downloadPageSchema },
      },
    },
    async (request) => listDownloads(app.db, withinDays(request.query, clock), request.query),
  );

  app.get(
    '/getDownloadsByUserid/:id',
    {
      preHandler: signedIn,
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
      assertMaySee(request.caller, request.params.id);
      if (!isUuid(request.params.id)) return { items: [], total: 0 };
      return listDownloads(app.db, eq(downloads.accountId, request.params.id), request.query);
    },
  );

  app.get(
    '/totalDownloadsByUserid/:id',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'How many downloads an account made, all time',
        params: accountParams,
        response: { 200: countSchema },
      },
    },
    async (request) => {
      assertMaySee(request.caller, request.params.id);
      return { count: isUuid(request.params.id) ? await countForAccount(app.db, clock, request.params.id) : 0 };
    },
  );

  app.get(
    '/getDownloadCountByUserId',
    {
      preHandler: signedIn,
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
      assertMaySee(request.caller, userId);
      return { count: isUuid(userId) ? await countForAccount(app.db, clock, userId, range) : 0 };
    },
  );

  app.get(
    '/myDownloadCounts',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'The caller’s downloads this month, this year and in all',
        response: { 200: myCountsSchema },
      },
    },
    async (request) => myCounts(app.db, clock, (request.caller as Caller).id),
  );
};
