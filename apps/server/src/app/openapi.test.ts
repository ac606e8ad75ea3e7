import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/harness';
import { operationId, toOpenApiPath } from './openapi';

interface Operation {
  operationId?: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string }>;
}
interface Document {
  info: { license?: { name: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, unknown> };
}

const documentOf = async (t: ReturnType<typeof useTestServer>, basePath = '') =>
  (await (await t.server.app.request(`${basePath}/api/openapi.json`)).json()) as Document;

describe('the OpenAPI document', () => {
  const t = useTestServer('sqlite');

  it('names a server, a license and a unique operationId for every operation', async () => {
    const doc = await documentOf(t);
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(doc.info.license?.name).toEqual(expect.any(String));
    const ids = Object.values(doc.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationId('get', '/admin/api-keys/:id')).toBe('getAdminApiKeysById');
    expect(operationId('post', '/admin/fs/batch-copy')).toBe('postAdminFsBatchCopy');
  });

  it("documents each route's declared errors, and 500, as shared error responses", async () => {
    const doc = await documentOf(t);
    for (const route of t.server.routes) {
      const operation = doc.paths[toOpenApiPath(route.path)]?.[route.method] as Operation;
      const statuses = [...(route.errors ?? []), 500, ...(route.auth === 'public' ? [] : [401])];
      for (const status of statuses) {
        const response = operation.responses[String(status)];
        expect(response, `${route.method} ${route.path} ${status}`).toEqual({
          $ref: `#/components/responses/Error${status}`,
        });
        expect(doc.components.responses).toHaveProperty(`Error${status}`);
      }
    }
  });

  it('shows request bodies as strict: nested objects too refuse other fields', async () => {
    const doc = await documentOf(t);
    const copy = doc.paths['/api/admin/fs/batch-copy']?.post?.requestBody?.content[
      'application/json'
    ]?.schema as { additionalProperties: unknown; properties: { items: { items: unknown } } };
    expect(copy.additionalProperties).toBe(false);
    expect(copy.properties.items.items).toMatchObject({ additionalProperties: false });
  });

  it('documents limit, offset and page on every paged list', async () => {
    const doc = await documentOf(t);
    for (const list of ['/api/admin/pastes', '/api/user/files', '/api/admin/api-keys']) {
      const operation = doc.paths[list]?.get as Operation & { parameters: { name: string }[] };
      expect(operation.parameters.map((parameter) => parameter.name)).toEqual(
        expect.arrayContaining(['limit', 'offset', 'page']),
      );
    }
  });

  describe('behind PUBLIC_URL', () => {
    const behind = useTestServer('sqlite', { publicUrl: 'https://share.example/bin' });

    it('names PUBLIC_URL as the server', async () => {
      // The whole app lives under the path of PUBLIC_URL, the document too.
      const doc = await documentOf(behind, '/bin');
      expect(doc.servers).toEqual([
        { url: 'https://share.example/bin', description: expect.any(String) },
      ]);
    });
  });
});
