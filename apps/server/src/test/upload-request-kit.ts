import { adminWithLocalDocsMount, ok } from './fs-kit';
import type { useTestServer } from './harness';

type TestServer = ReturnType<typeof useTestServer>;

/**
 * The admin signed in, the default local storage mounted at `/docs`, and its folder
 * `/docs/inbox`, where the tests' upload requests put what arrives.
 */
export async function adminWithInbox(t: TestServer) {
  const setUp = await adminWithLocalDocsMount(t);
  await ok(t.request('POST', '/api/admin/fs/mkdir', { path: '/docs/inbox' }, setUp.admin), 201);
  return setUp;
}

/** A visitor's multipart calls to an upload request, and the PUT of a part to its URL. */
export function visitorMultipart(t: TestServer) {
  return {
    call: (slug: string, step: string, body: unknown) =>
      t.server.app.request(`/api/public/upload-requests/${slug}/multipart/${step}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }),
    putPart: (url: string, bytes: Buffer) =>
      t.server.app.request(url.replace(/^https?:\/\/[^/]+/, ''), {
        method: 'PUT',
        body: bytes,
        headers: { 'content-length': String(bytes.length) },
      }),
  };
}
