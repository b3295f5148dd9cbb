import { MESSAGES } from '@portal/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../errors.ts';
import { registerErrorHandler } from './error-handler.ts';

describe('the error handler', () => {
  it('answers a unique key violation that no service caught with 409, and anything else unexpected with 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const violation = Object.assign(new Error('Failed query: insert ...'), {
      cause: Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: '23505' }),
    });
    app.get('/unique', async () => Promise.reject(violation));
    app.get('/broken', async () => Promise.reject(new Error('boom')));
    const unique = await app.inject({ url: '/unique' });
    expect(unique.statusCode).toBe(409);
    expect(unique.json()).toEqual(errorBody(MESSAGES.conflict));
    const broken = await app.inject({ url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual(errorBody(MESSAGES.unexpected));
    await app.close();
  });
});
