import { expect, type Response, test } from '@playwright/test';
import { ADMIN, createPasteViaApi, signInAsAdmin, uniqueName } from '../support';

/** Who served an answer, as the round-robin proxy says (start-two-servers.mjs). */
const instanceOf = (response: { headers(): Record<string, string> }) =>
  response.headers()['x-sharebin-instance'];

test.describe('two server processes behind one address', () => {
  test('a session signed in through one process works on the other', async ({ page }) => {
    const answers: { instance: string | undefined; status: number; url: string }[] = [];
    page.on('response', (response: Response) => {
      if (new URL(response.url()).pathname.startsWith('/api/'))
        answers.push({
          instance: instanceOf(response),
          status: response.status(),
          url: response.url(),
        });
    });
    await signInAsAdmin(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    const login = answers.find((answer) => answer.url.endsWith('/api/admin/login'));
    expect(login?.status).toBe(200);
    const authorised = answers.filter(
      (answer) => !answer.url.endsWith('/api/admin/login') && answer.status === 200,
    );
    // The admin's requests after the login were answered, and by both processes.
    expect(new Set(authorised.map((answer) => answer.instance))).toEqual(new Set(['1', '2']));
    expect(answers.filter((answer) => answer.status === 401)).toEqual([]);
  });

  test('an API token from one process is accepted by the other', async ({ request }) => {
    const login = await request.post('/api/admin/login', { data: ADMIN });
    expect(login.status()).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 4; i++) {
      const checked = await request.get('/api/test/admin-token', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(checked.status()).toBe(200);
      seen.add(instanceOf(checked));
    }
    expect(seen).toEqual(new Set(['1', '2']));
  });

  test('a paste created through one process is viewable through the other', async ({
    page,
    request,
  }) => {
    const content = `two-instances ${uniqueName('paste')}`;
    const paste = await createPasteViaApi(request, { content });
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 2; i++) {
      const viewed = await request.get(`/api/paste/${paste.slug}`);
      expect(viewed.status()).toBe(200);
      expect(((await viewed.json()) as { data: { content: string } }).data.content).toBe(content);
      seen.add(instanceOf(viewed));
    }
    expect(seen).toEqual(new Set(['1', '2']));

    await page.goto(`/paste/${paste.slug}`);
    await expect(page.getByText(content)).toBeVisible();
  });
});
