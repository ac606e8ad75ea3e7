import { errorEnvelopeSchema } from '@sharebin/shared';
import { z } from 'zod';
import type { AnyRoute } from './route';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest as JsonSchema;
};

/** `/admin/api-keys/:id` → `/api/admin/api-keys/{id}`. */
export const toOpenApiPath = (honoPath: string) => `/api${honoPath.replace(/:(\w+)/g, '{$1}')}`;

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Body of an unsupported type',
  429: 'Too many attempts',
};

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

function operation(route: AnyRoute) {
  const status = route.status ?? 200;
  const errorStatuses = new Set([
    ...(route.body || route.query || route.params || route.headers ? [400] : []),
    ...(route.body ? [413, 415] : []),
    ...(route.auth === 'public' ? [] : [401, 403]),
    ...(route.errors ?? []),
  ]);
  const errorResponses = Object.fromEntries(
    [...errorStatuses].sort().map((code) => [
      String(code),
      {
        description: STATUS_TEXT[code] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    ]),
  );
  return {
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
              'application/json': { schema: toSchema(route.body, 'input') },
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

export function buildOpenApiDocument(routes: AnyRoute[], info: { version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = toOpenApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sharebin API',
      version: info.version,
      description:
        'Every answer is an envelope: `{code, message, data}` on success, `{code, message, error, details?}` on failure, with the HTTP status equal to `code`.',
    },
    components: {
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
