import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { type ZodType, z } from 'zod';

/**
 * Response bodies written by code compiled from each route's JSON schema (fast-json-stringify), as Fastify
 * does by default, rather than checked and copied by zod on every response: the contract's response schemas
 * stay the one definition, turned into JSON schema once at start-up (a response schema JSON schema can't
 * express, such as a transform, stops the start with zod's error). Like zod, the compiled code writes only
 * the fields the schema names, so a row's other columns (a password hash) never leave the server.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) =>
  fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Schema);
