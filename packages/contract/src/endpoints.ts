import { z } from 'zod';
import {
  accountListQuerySchema,
  accountPageSchema,
  accountSchema,
  authenticateSchema,
  deleteAccountSchema,
  emailOnlySchema,
  messageSchema,
  moveAccountsSchema,
  movedAccountsSchema,
  registerSchema,
  resetPasswordSchema,
  sessionSchema,
  tokenSchema,
  updateAccountSchema,
  updatedAccountSchema,
} from './accounts.ts';
import { bookInputSchema, bookSchema } from './books.ts';
import { churchInputSchema, churchSchema } from './churches.ts';
import { countryChangesSchema, countrySchema, countryUploadResultSchema } from './countries.ts';
import {
  editionDaysFoundSchema,
  editionDaysInputSchema,
  editionDaysSchema,
  editionDayTextSchema,
  editionMonthTextSchema,
  editionSearchQuerySchema,
  editionSearchResultSchema,
} from './days.ts';
import {
  downloadLinkSchema,
  editionLookupSchema,
  editionMonthSchema,
  editionMonthsQuerySchema,
  editionPageQuerySchema,
  editionPageSchema,
  fileRecordSchema,
  missingFilesSchema,
  thisMonthQuerySchema,
  thisMonthSchema,
} from './files.ts';
import { languageInputSchema, languageSchema } from './languages.ts';
import { latestMigrationReportSchema, migrationProgressSchema, migrationReportSchema } from './migration.ts';
import { editionNotificationsSchema, notificationChoiceSchema, notificationSettingsSchema } from './notifications.ts';
import { reminderInputSchema, reminderSchema } from './reminders.ts';
import { countByLanguageQuerySchema, countItemSchema, myCountsSchema, statsSummarySchema } from './stats.ts';
import { publicConfigSchema } from './system.ts';

interface EndpointSchemas {
  response: z.ZodType;
  query?: z.ZodObject;
  /** The JSON body's schema; an endpoint without one takes a form (an upload) or nothing. */
  body?: z.ZodType;
}

/**
 * The REST endpoints the web app calls, by `METHOD /path` under `/api` (`:name` a path parameter): the schema of
 * the answer, of the query and of the body. The web's API client takes its paths and answer types from here (types only, so
 * that zod stays out of its first scripts); the server's test `endpoints.test.ts` holds every one to a route.
 */
export const ENDPOINTS = {
  'GET /accounts/list': { response: accountPageSchema, query: accountListQuerySchema },
  'GET /accounts/:id': { response: accountSchema },
  'GET /books': { response: z.array(bookSchema) },
  'GET /churches': { response: z.array(churchSchema) },
  'GET /config': { response: publicConfigSchema },
  'GET /countries': { response: z.array(countrySchema) },
  'GET /countries/restore/preview': { response: countryChangesSchema },
  'GET /editions': { response: editionPageSchema, query: editionPageQuerySchema },
  'GET /editions/days': { response: z.array(editionDaysFoundSchema) },
  'GET /editions/lookup': { response: fileRecordSchema, query: editionLookupSchema },
  'GET /editions/search': { response: z.array(editionSearchResultSchema), query: editionSearchQuerySchema },
  'GET /editions/months': { response: z.array(editionMonthSchema), query: editionMonthsQuerySchema },
  'GET /editions/this-month': { response: thisMonthSchema, query: thisMonthQuerySchema },
  'GET /editions/:id/days': { response: editionDaysSchema },
  'GET /editions/:id/days/:day': { response: editionDayTextSchema },
  'GET /editions/:id/text': { response: editionMonthTextSchema },
  'GET /files': { response: z.array(fileRecordSchema) },
  'GET /files/missing': { response: missingFilesSchema },
  'GET /files/:id': { response: fileRecordSchema },
  'GET /files/:id/download-link': { response: downloadLinkSchema },
  'GET /languages': { response: z.array(languageSchema) },
  'GET /migrate/progress': { response: migrationProgressSchema },
  'GET /migrate/reports/latest': { response: latestMigrationReportSchema },
  'GET /notifications/choice': { response: notificationChoiceSchema },
  'GET /notifications/editions': { response: z.array(editionNotificationsSchema) },
  'GET /notifications/settings': { response: notificationSettingsSchema },
  'GET /reminders': { response: reminderSchema },
  'GET /stats/languages': { response: z.array(countItemSchema), query: countByLanguageQuerySchema },
  'GET /stats/mine': { response: myCountsSchema },
  'GET /stats/summary': { response: statsSummarySchema, query: countByLanguageQuerySchema },
  'POST /accounts/authenticate': { response: sessionSchema, body: authenticateSchema },
  'POST /accounts/church': { response: movedAccountsSchema, body: moveAccountsSchema },
  'POST /accounts/forgot-password': { response: messageSchema, body: emailOnlySchema },
  'POST /accounts/register': { response: messageSchema, body: registerSchema },
  'POST /accounts/reset-password': { response: messageSchema, body: resetPasswordSchema },
  'POST /accounts/validate-reset-token': { response: messageSchema, body: tokenSchema },
  'POST /accounts/verify-email': { response: messageSchema, body: tokenSchema },
  'POST /books': { response: bookSchema, body: bookInputSchema },
  'POST /churches': { response: churchSchema, body: churchInputSchema },
  'POST /countries': { response: countryUploadResultSchema },
  'POST /countries/preview': { response: countryChangesSchema },
  'POST /countries/restore': { response: countryUploadResultSchema },
  'POST /files': { response: fileRecordSchema },
  'POST /languages': { response: languageSchema, body: languageInputSchema },
  'POST /migrate/import': { response: migrationReportSchema },
  'POST /notifications/editions/:id/resend': { response: messageSchema },
  'POST /notifications/subscribe': { response: messageSchema, query: tokenSchema },
  'POST /notifications/unsubscribe': { response: messageSchema, query: tokenSchema },
  'POST /reminders/stop': { response: messageSchema, query: tokenSchema },
  'PUT /accounts/:id': { response: updatedAccountSchema, body: updateAccountSchema },
  'PUT /books/:id': { response: bookSchema, body: bookInputSchema },
  'PUT /books/:id/cover': { response: bookSchema },
  'PUT /churches/:id': { response: churchSchema, body: churchInputSchema },
  'PUT /editions/:id/days': { response: editionDaysSchema, body: editionDaysInputSchema },
  'PUT /languages/:id': { response: languageSchema, body: languageInputSchema },
  'PUT /notifications/choice': { response: messageSchema, body: notificationChoiceSchema },
  'PUT /notifications/settings': { response: messageSchema, body: notificationSettingsSchema },
  'PUT /reminders': { response: messageSchema, body: reminderInputSchema },
  'DELETE /accounts/:id': { response: messageSchema, body: deleteAccountSchema },
  'DELETE /books/:id/cover': { response: messageSchema },
  'DELETE /churches/:id': { response: messageSchema },
  'DELETE /files/:id': { response: messageSchema },
  'DELETE /languages/:id': { response: messageSchema },
  'DELETE /reminders': { response: messageSchema },
} as const satisfies Record<string, EndpointSchemas>;

/** Endpoints that answer a file's bytes, not JSON: the web reads them as a response (a stream, a blob, ranges). */
export const FILE_ENDPOINTS = ['GET /files/:id/download'] as const;
/** The paths of FILE_ENDPOINTS: `'/files/:id/download'`. */
export type FilePath = (typeof FILE_ENDPOINTS)[number] extends `GET ${infer Path}` ? Path : never;

type Endpoints = typeof ENDPOINTS;

/** An entry of the table: `'GET /files/:id'`. */
export type Endpoint = keyof Endpoints;

/** The paths of a method's endpoints: `PathOf<'GET'>` holds `'/files/:id'`. */
export type PathOf<Method extends string> = Endpoint extends infer E
  ? E extends `${Method} ${infer Path}`
    ? Path
    : never
  : never;

/** The answer of an endpoint, as the web reads it from the JSON. */
export type ResponseOf<E extends Endpoint> = z.output<Endpoints[E]['response']>;

/** The path parameters of a path pattern by their `:name`: `{ id: string }` for `'/files/:id/download-link'`. */
export type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** An endpoint's JSON body, its schema's input; never where it has none (an upload's form, or nothing). */
export type BodyOf<E extends Endpoint> = Endpoints[E] extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** The query string's fields of an endpoint, each as the text sent (a field left undefined is not sent). */
export type QueryOf<E extends Endpoint> = Endpoints[E] extends { query: infer Q extends z.ZodObject }
  ? { [K in keyof z.input<Q>]?: string | undefined }
  : never;
