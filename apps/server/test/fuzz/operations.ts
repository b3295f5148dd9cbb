import type { TestApp } from '../app.ts';

/** The part of JSON Schema the route schemas produce. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "METHOD /path/:param", as the permission table names routes. */
  route: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** Every operation of the app's OpenAPI document (what /api/docs/json serves). */
export function operationsOf(app: TestApp): Operation[] {
  const { paths } = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(paths).flatMap(([openApiPath, methods]) =>
    Object.entries(methods).map(([lowerCase, operation]) => {
      const method = lowerCase.toUpperCase();
      const path = openApiPath.replace(/\{(\w+)\}/g, ':$1');
      return {
        route: `${method} ${path}`,
        method,
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
      };
    }),
  );
}
