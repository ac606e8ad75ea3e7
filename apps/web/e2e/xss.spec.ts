import { expect, type Locator, type Page, test } from '@playwright/test';
import { createPasteViaApi } from './support';

/**
 * Pastes that try to run script. Each payload sets `window.__xss` or opens a dialog if it
 * runs. The app's CSP would block inline handlers on its own, so these pages are opened with
 * the CSP bypassed: what is tested is that the Markdown pipeline (markdown-it, DOMPurify,
 * KaTeX, Mermaid) never lets the script into the page.
 */
test.use({ bypassCSP: true });

const PAYLOADS: Record<string, string> = {
  script: '<script>window.__xss = "script"</script>\n\nafter the script',
  imgOnerror: '<img src=x onerror="window.__xss = \'img\'">\n\nafter the image',
  javascriptLink:
    '[markdown link](javascript:window.__xss=\'md-link\')\n\n<a href="javascript:window.__xss=\'html-link\'">html link</a>\n\n<a href="data:text/html,<script>parent.__xss=1</script>">data link</a>',
  svgOnload: '<svg onload="window.__xss = \'svg\'"><circle r="4"></circle></svg>\n\nafter the svg',
  iframeSrcdoc:
    '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>\n\n<object data="javascript:window.__xss=1"></object>\n\nafter the frame',
  eventHandlers:
    '<details open ontoggle="window.__xss = \'details\'"><summary>s</summary>x</details>\n\n<div onmouseover="window.__xss=\'div\'" style="position:fixed;inset:0">cover</div>\n\n<form action="javascript:window.__xss=1"><button>go</button></form>',
  mutationXss:
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'"></style></mglyph></table></mtext></math>\n\n<noscript><p title="</noscript><img src=x onerror=window.__xss=\'noscript\'>"></p></noscript>',
  mermaid: [
    '```mermaid',
    'flowchart LR',
    '  A["<img src=x onerror=window.__xss=\'label\'>"] --> B["<script>window.__xss=\'label-script\'</script>"]',
    '  B --> C[Click me]',
    '  click A callback "Tooltip"',
    '  click C "javascript:window.__xss=\'click\'"',
    '```',
  ].join('\n'),
  katex: [
    "Inline $\\href{javascript:window.__xss='href'}{click me}$ and $\\url{javascript:window.__xss=1}$",
    '',
    '$$\\htmlData{onclick=window.__xss=1}{x} + \\htmlId{evil}{y} + \\htmlStyle{background:red}{z}$$',
    '',
    '$$\\includegraphics{javascript:window.__xss=1}$$',
  ].join('\n'),
};

/** Fails the test on any dialog a payload might open. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

/** Waits until the heavy renderers are done with whatever the payload asked of them. */
async function rendered(view: Locator, name: string) {
  if (name === 'mermaid') {
    await expect(view.locator('.sb-diagram svg, .sb-mermaid-error').first()).toBeVisible();
  }
  if (name === 'katex') {
    await expect(view.locator('.katex').first()).toBeVisible();
  }
}

const CLICKABLE = 'a, .sb-diagram .node, .katex';

/** Nothing that runs script survived in the rendered paste, and nothing ran. */
async function expectInert(page: Page, view: Locator, dialogs: string[]) {
  const dangerous = [
    'script',
    'iframe',
    'object',
    'embed',
    'form',
    'foreignObject',
    '[srcdoc]',
    '[onerror]',
    '[onload]',
    '[ontoggle]',
    '[onclick]',
    '[onmouseover]',
    'a[href^="javascript:" i]',
    'a[href^="data:" i]',
    '.sb-diagram a',
  ].join(', ');
  await expect(view.locator(dangerous)).toHaveCount(0);
  // Point at and click what a visitor could (links, diagram nodes, math): any handler that
  // survived would run now.
  for (const target of await view.locator(CLICKABLE).all()) {
    await target.dispatchEvent('mouseover');
    await target.dispatchEvent('click', { ctrlKey: true });
  }
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test.describe('pastes cannot run script', () => {
  for (const [name, content] of Object.entries(PAYLOADS)) {
    test(`${name}: in the paste view and at the raw link`, async ({ page, request }) => {
      const dialogs = watchDialogs(page);
      const paste = await createPasteViaApi(request, { content });
      await page.goto(`/paste/${paste.slug}`);
      const view = page.getByTestId('markdown-view');
      await expect(view).toBeVisible();
      await rendered(view, name);
      await expectInert(page, view, dialogs);

      // The raw text is served as plain text in a sandbox: shown, never run.
      const response = await page.goto(`/api/raw/${paste.slug}`);
      expect(response?.headers()['content-type']).toContain('text/plain');
      expect(response?.headers()['content-security-policy']).toContain('sandbox');
      expect(response?.headers()['x-content-type-options']).toBe('nosniff');
      await expect(page.locator('body')).toContainText(content.split('\n')[0] ?? '');
      expect(await page.locator('script, img, svg, iframe').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
    });
  }

  test('none of them runs in the editor preview either', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await page.goto('/');
    await page.locator('.cm-content').click();
    await page.keyboard.insertText(Object.values(PAYLOADS).join('\n\n'));
    const preview = page.getByTestId('editor-preview');
    const view = preview.getByTestId('markdown-view');
    await expect(view).toContainText('after the frame');
    await rendered(view, 'mermaid');
    await rendered(view, 'katex');
    await expectInert(page, view, dialogs);
  });
});
