// Moving things by hand in the mount explorer (issue 32 item 5): entries dragged onto folders,
// breadcrumbs and other mounts, and the right-click menu, against the real server.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  adminToken,
  createMountViaApi,
  entryRow,
  putFile,
  signInAsAdmin,
  uniqueName,
} from './support';

async function mkdir(request: APIRequestContext, path: string) {
  const response = await request.post('/api/admin/fs/mkdir', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { path },
  });
  expect(response.ok()).toBe(true);
}

/** A fresh mount holding `files` and `folders`; its name. */
async function mountWith(
  request: APIRequestContext,
  files: string[],
  folders: string[] = [],
): Promise<string> {
  const mount = await createMountViaApi(request);
  for (const folder of folders) await mkdir(request, `${mount.mount_path}/${folder}`);
  for (const file of files) await putFile(request, mount.mount_path, file);
  return mount.mount_path.slice(1);
}

async function openFolder(page: Page, path: string) {
  await page.goto(`/mount-explorer/${path}`);
  await expect(page.getByTestId('entry-scroller')).toBeVisible();
}

const centre = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** Moves the mouse (a drag going on) over `target`. */
async function moveOver(page: Page, target: Locator) {
  const to = await centre(target);
  await page.mouse.move(to.x, to.y, { steps: 5 });
}

/**
 * Drags `source` over `target` by the mouse, leaving the button down: the caller checks how the
 * target shows the drop, then lets go (`page.mouse.up()`).
 */
async function dragOver(page: Page, source: Locator, target: Locator) {
  const from = await centre(source);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 8, { steps: 2 });
  await moveOver(page, target);
}

const crumb = (page: Page, name: string) => page.getByTestId('breadcrumbs').getByText(name);
/** The root's breadcrumb: a link around an icon and its words. */
const rootCrumb = (page: Page) =>
  page.getByTestId('breadcrumbs').getByRole('link', { name: 'All mounts' });

test.describe('explorer drag and drop', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('a selection dragged onto a folder moves; with Control onto a breadcrumb it copies', async ({
    page,
    request,
  }) => {
    const mount = await mountWith(request, ['a.txt', 'b.txt', 'c.txt'], ['Archive']);
    await openFolder(page, mount);
    await entryRow(page, 'a.txt').getByRole('checkbox').click();
    await entryRow(page, 'b.txt').getByRole('checkbox').click();

    // The selection goes, whichever of its rows is dragged; the move dialog asks at the folder.
    await entryRow(page, 'b.txt').dragTo(entryRow(page, 'Archive'));
    const dialog = page.getByRole('dialog', { name: 'Move 2 items' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('breadcrumbs')).toContainText('Archive');
    await expect(dialog.getByTestId('transfer-conflict')).toBeVisible();
    await dialog.getByTestId('transfer-submit').click();
    await expect(page.getByText('2 items moved')).toBeVisible();
    await expect(entryRow(page, 'a.txt')).toHaveCount(0);
    await expect(entryRow(page, 'b.txt')).toHaveCount(0);
    await expect(entryRow(page, 'c.txt')).toBeVisible();

    // In the folder, a file dragged with Control onto the mount's breadcrumb is copied there.
    await entryRow(page, 'Archive').click();
    await expect(entryRow(page, 'a.txt')).toBeVisible();
    await page.keyboard.down('Control');
    await dragOver(page, entryRow(page, 'a.txt'), crumb(page, mount));
    await expect(crumb(page, mount)).toHaveAttribute('data-drop', 'copy');
    await page.mouse.up();
    await page.keyboard.up('Control');
    const copy = page.getByRole('dialog', { name: 'Copy 1 item' });
    await expect(copy.getByTestId('breadcrumbs')).toContainText(mount);
    await copy.getByTestId('transfer-conflict').getByText('Keep both').click();
    await copy.getByTestId('transfer-submit').click();
    await expect(page.getByText('1 item copied')).toBeVisible();
    await expect(entryRow(page, 'a.txt')).toBeVisible();
    await crumb(page, mount).click();
    await expect(entryRow(page, 'a.txt')).toBeVisible();
    await expect(entryRow(page, 'Archive')).toBeVisible();
  });

  test('files from the system dropped on a folder row still upload to the folder shown', async ({
    page,
    request,
  }) => {
    const mount = await mountWith(request, [], ['Archive']);
    await openFolder(page, mount);
    const files = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['hello'], 'from-desktop.txt', { type: 'text/plain' }));
      return transfer;
    });
    const archive = entryRow(page, 'Archive');
    for (const type of ['dragenter', 'dragover', 'drop']) {
      await archive.dispatchEvent(type, { dataTransfer: files });
    }
    await expect(archive).not.toHaveAttribute('data-drop');
    await expect(
      page.locator('[data-testid="mount-upload-item"][data-status="success"]'),
    ).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(entryRow(page, 'from-desktop.txt')).toBeVisible();
  });

  test('a folder dropped onto itself is refused and calls nothing', async ({ page, request }) => {
    const mount = await mountWith(request, ['notes.txt'], ['Photos', 'Photos/2026']);
    await openFolder(page, mount);
    const transfers: string[] = [];
    page.on('request', (sent) => {
      if (/\/fs\/(move|batch-copy)/.test(sent.url())) transfers.push(sent.url());
    });

    const photos = entryRow(page, 'Photos');
    await dragOver(page, photos, photos.getByText('Photos'));
    await expect(photos).toHaveAttribute('data-drop', 'refused');
    // A file is no drop target; a move into the folder the entry is in does nothing.
    await moveOver(page, entryRow(page, 'notes.txt'));
    await expect(photos).not.toHaveAttribute('data-drop');
    await moveOver(page, crumb(page, mount));
    await expect(crumb(page, mount)).toHaveAttribute('data-drop', 'refused');
    await moveOver(page, photos);
    await expect(photos).toHaveAttribute('data-drop', 'refused');
    await page.mouse.up();
    // The drag has ended (its highlight is gone) without a dialog or a call.
    await expect(photos).not.toHaveAttribute('data-drop');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(transfers).toEqual([]);
  });

  test('hovering the root breadcrumb opens the mounts: a file dropped on another mount moves there', async ({
    page,
    request,
  }) => {
    const other = await mountWith(request, []);
    const mount = await mountWith(request, ['travel.txt']);
    await openFolder(page, mount);
    await dragOver(page, entryRow(page, 'travel.txt'), rootCrumb(page));
    // The list of mounts takes nothing itself; held there, it opens.
    await expect(rootCrumb(page)).toHaveAttribute('data-drop', 'refused');
    await expect(page).toHaveURL(/\/mount-explorer$/);
    await moveOver(page, entryRow(page, other));
    await expect(entryRow(page, other)).toHaveAttribute('data-drop', 'move');
    await page.mouse.up();
    const dialog = page.getByRole('dialog', { name: 'Move 1 item' });
    await expect(dialog.getByTestId('breadcrumbs')).toContainText(other);
    await dialog.getByTestId('transfer-submit').click();
    await expect(page.getByText('1 item moved')).toBeVisible();
    await entryRow(page, other).click();
    await expect(entryRow(page, 'travel.txt')).toBeVisible();
  });

  test('the context menu opens by right click and by keyboard, with the row menu’s actions', async ({
    page,
    request,
  }) => {
    const mount = await mountWith(request, ['draft.txt', 'old.txt', 'x.txt']);
    await openFolder(page, mount);

    // A right click: the menu of that row, at the pointer; Rename from it.
    await entryRow(page, 'draft.txt').click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Actions for draft.txt' });
    await expect(menu).toBeVisible();
    for (const action of ['Preview', 'Download', 'Copy link', 'Edit', 'Rename', 'Move', 'Delete']) {
      await expect(menu.getByRole('menuitem', { name: action, exact: true })).toBeVisible();
    }
    await menu.getByRole('menuitem', { name: 'Rename', exact: true }).click();
    const renamed = uniqueName('final').replaceAll(' ', '-');
    await page.getByTestId('name-input').fill(`${renamed}.txt`);
    await page.getByTestId('name-submit').click();
    await expect(entryRow(page, `${renamed}.txt`)).toBeVisible();

    // The keyboard: the focused row's menu with the menu key; Escape closes it, back to the list.
    // The dialog gone (it hands the focus back as it goes), the list takes the keyboard.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const list = page.getByTestId('entry-scroller');
    await list.focus();
    await page.keyboard.press('End');
    await expect(entryRow(page, 'x.txt')).toHaveAttribute('data-active', 'true');
    await page.keyboard.press('ContextMenu');
    const lastMenu = page.getByRole('menu', { name: 'Actions for x.txt' });
    await expect(lastMenu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lastMenu).toHaveCount(0);
    await expect(list).toBeFocused();

    // A selection's menu has what applies to many; Delete from it, by the keyboard.
    await entryRow(page, 'old.txt').getByRole('checkbox').click();
    await entryRow(page, 'x.txt').getByRole('checkbox').click();
    await list.focus();
    await page.keyboard.press('Shift+F10');
    const selectionMenu = page.getByRole('menu', { name: 'Actions for 2 selected items' });
    await expect(selectionMenu).toBeVisible();
    await expect(selectionMenu.getByRole('menuitem', { name: 'Rename' })).toHaveCount(0);
    await selectionMenu.getByRole('menuitem', { name: 'Delete', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('confirm-delete').click();
    await expect(entryRow(page, 'old.txt')).toHaveCount(0);
    await expect(entryRow(page, 'x.txt')).toHaveCount(0);
    await expect(entryRow(page, `${renamed}.txt`)).toBeVisible();
  });
});

test.describe('explorer drag and drop, in Chinese and the dark theme', () => {
  test.use({ locale: 'zh-CN' });
  test.beforeEach(async ({ page, request }) => {
    // Signed in by token: the sign-in form's words are Chinese here.
    const token = await adminToken(request);
    await page.addInitScript((value) => {
      window.localStorage.setItem('themeMode', 'dark');
      window.localStorage.setItem('admin_token', value);
    }, token);
  });

  test('the context menu and a drop target are worded and readable', async ({ page, request }) => {
    const mount = await mountWith(request, ['notes.txt'], ['archive']);
    await openFolder(page, mount);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await entryRow(page, 'notes.txt').click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'notes.txt 的操作' });
    await expect(menu.getByRole('menuitem', { name: '移动', exact: true })).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const contrast = await new AxeBuilder({ page })
      .include('[role="menu"]')
      .withRules(['color-contrast'])
      .analyze();
    expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target))).toEqual([]);
    await page.keyboard.press('Escape');

    // A move onto a folder shows as allowed and opens the move dialog, worded in Chinese.
    await dragOver(page, entryRow(page, 'notes.txt'), entryRow(page, 'archive'));
    await expect(entryRow(page, 'archive')).toHaveAttribute('data-drop', 'move');
    await page.mouse.up();
    await expect(page.getByRole('dialog')).toContainText('移动');
  });
});
