import { LANGUAGE_MESSAGES, languageInputSchema, languageSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRoutes } from '../record-routes.ts';
import { createLanguage, deleteLanguage, languageRecords, matchLanguageCodesOnce, updateLanguage } from './service.ts';

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  // The languages a portal had before codes existed get the codes their names match, once (decision 041).
  app.addHook('onReady', () => matchLanguageCodesOnce(app.db));
  recordRoutes(app, {
    tags: ['languages'],
    record: languageSchema,
    input: languageInputSchema,
    list: {
      public: true,
      summary: 'Every language, by name, with its ISO 639 code (public: sign-up and downloads need it)',
      run: () => languageRecords.list(app.db),
    },
    create: {
      summary:
        'Add a language (admins); names are unique regardless of case. `code` is its ISO 639 code; without it, the code its name matches (Swahili: sw) when no other language has it',
      run: (input) => createLanguage(app.db, input),
    },
    update: {
      summary:
        'Rename a language (admins), its files following, and set its ISO 639 code (`null` removes it; absent keeps it)',
      run: (id, input) => updateLanguage(app.db, id, input),
    },
    remove: {
      summary: 'Delete a language (admins); refused with 409 while files use it',
      message: LANGUAGE_MESSAGES.deleted,
      run: (id) => deleteLanguage(app.db, id),
    },
  });
};
