import { errorEnvelopeSchema } from '@sharebin/shared';
import { z } from 'zod';
import type { AnyRoute } from './route';
import { strictObjects } from './strict-body';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest as JsonSchema;
};

/** `/admin/api-keys/:id` → `/api/admin/api-keys/{id}`. */
export const toOpenApiPath = (honoPath: string) => `/api${honoPath.replace(/:(\w+)/g, '{$1}')}`;

/** Every error status the API answers, each documented once under `components.responses`. */
const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone: expired or out of views',
  413: 'Body too large',
  415: 'Body of an unsupported type',
  416: 'Range not satisfiable',
  429: 'Too many attempts',
  500: 'Internal error',
  502: 'The remote server or storage failed',
  503: 'Unavailable for now (database or storage unreachable, server busy)',
  504: 'The remote server or storage did not answer in time',
  507: 'The storage is full',
};

/**
 * The repository has no license yet (no LICENSE file, no `license` in package.json): the document
 * says so rather than claim one. Set the chosen one here (name and SPDX `identifier`).
 */
const API_LICENSE = { name: 'No license chosen yet (all rights reserved)' };

const errorResponseName = (status: number) => `Error${status}`;

/**
 * `get /admin/api-keys/:id` → `getAdminApiKeysById`: unique as method and path are, stable, and
 * safe in URLs and generated client code.
 */
export function operationId(method: string, honoPath: string): string {
  const words = honoPath
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [method, ...words]
    .map((word, index) => (index === 0 ? word : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query' | 'header') {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function security(route: AnyRoute) {
  if (route.auth === 'public') return [];
  if (route.auth === 'admin') return [{ adminToken: [] }];
  if (route.auth === 'apikey') return [{ apiKey: [] }];
  return [{ adminToken: [] }, { apiKey: [] }];
}

/** The errors a route can answer: from its input and credentials, what it declares, and 500. */
function errorStatuses(route: AnyRoute): number[] {
  const statuses = new Set([
    ...(route.body || route.query || route.params || route.headers || route.form ? [400] : []),
    ...(route.body ? [413, 415] : []),
    ...(route.form ? [413, 415] : []),
    ...(route.auth === 'public' ? [] : [401, 403]),
    ...(route.errors ?? []),
    500,
  ]);
  return [...statuses].sort((a, b) => a - b);
}

function operation(route: AnyRoute) {
  const status = route.status ?? 200;
  const errorResponses = Object.fromEntries(
    errorStatuses(route).map((code) => [
      String(code),
      { $ref: `#/components/responses/${errorResponseName(code)}` },
    ]),
  );
  return {
    operationId: operationId(route.method, route.path),
    summary: route.summary,
    tags: [route.tag],
    security: security(route),
    parameters: [
      ...parameters(route.params, 'path'),
      ...parameters(route.query, 'query'),
      ...parameters(route.headers, 'header'),
      // Read only with a text/plain body (see the summary).
      ...parameters(route.plainText?.query, 'query'),
    ],
    ...(route.form
      ? {
          requestBody: {
            required: true,
            content: { 'multipart/form-data': { schema: toSchema(route.form, 'input') } },
          },
        }
      : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              // Strict as registerRoutes applies it: unknown fields are refused.
              'application/json': { schema: toSchema(strictObjects(route.body), 'input') },
              ...(route.plainText ? { 'text/plain': { schema: { type: 'string' } } } : {}),
            },
          },
        }
      : {}),
    responses: {
      [String(status)]: route.produces
        ? {
            description: 'Success',
            content: { [route.produces]: { schema: toSchema(route.response, 'output') } },
          }
        : {
            description: 'Success',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['code', 'message', 'data'],
                  properties: {
                    code: { type: 'integer', enum: [status] },
                    message: { type: 'string' },
                    data: toSchema(route.response, 'output'),
                  },
                },
              },
            },
          },
      ...errorResponses,
    },
  };
}

export function buildOpenApiDocument(
  routes: AnyRoute[],
  info: {
    version: string;
    /** `PUBLIC_URL`; empty: the host that serves the document. */
    publicUrl?: string;
  },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const answered = new Set<number>();
  for (const route of routes) {
    const path = toOpenApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route) };
    for (const status of errorStatuses(route)) answered.add(status);
  }
  const publicUrl = info.publicUrl?.replace(/\/+$/, '') ?? '';
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sharebin API',
      version: info.version,
      description:
        'Every answer is an envelope: `{code, message, data}` on success, `{code, message, error, details?}` on failure, with the HTTP status equal to `code`. Request bodies are strict: a field the operation does not list is refused with 400 `validation.failed` naming it.',
      license: API_LICENSE,
    },
    servers: [
      publicUrl
        ? { url: publicUrl, description: 'This server (PUBLIC_URL)' }
        : { url: '/', description: 'The server this document comes from' },
    ],
    components: {
      responses: Object.fromEntries(
        [...answered]
          .sort((a, b) => a - b)
          .map((code) => [
            errorResponseName(code),
            {
              description: STATUS_TEXT[code] ?? 'Error',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
              },
            },
          ]),
      ),
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Token from POST /api/admin/login',
        },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The header value `ApiKey <key>`',
        },
      },
      schemas: { ErrorEnvelope: toSchema(errorEnvelopeSchema, 'output') },
    },
    paths,
  };
}
