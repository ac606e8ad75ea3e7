import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../../i18n/en-US';
import { STORAGE_KINDS, type StorageFormValues } from '../storage-common.form';
import { emptyStorageForm } from '../storage-config.form';
import { HostFolderField, LocalStorageNote } from './LocalStorageFields';
import { DirectDownloadsSwitch, S3ConnectionFields } from './S3StorageFields';
import { StorageBehaviourFields } from './StorageBehaviourFields';
import { StorageProviderPicker } from './StorageProviderPicker';

const i18n = createInstance();
void i18n.init({
  resources: { 'en-US': { translation: enUS } },
  lng: 'en-US',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

// Server rendering needs no DOM: the markup holds the labels and test ids the e2e drive.
const render = (element: ReactElement) =>
  renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(MantineProvider, null, element)),
  );

const fieldsOf = (values: StorageFormValues) => ({
  values,
  set: () => {},
  errorOf: (field: string) => (field === 'bucket' ? 'Bucket message' : undefined),
});

describe('the parts of the storage form', () => {
  it('offers every provider as a card, and notes a preset with braces to replace', () => {
    const html = render(
      createElement(StorageProviderPicker, {
        kinds: STORAGE_KINDS,
        kind: 'cloudflare-r2',
        picked: 'cloudflare-r2',
        presetHasPlaceholder: true,
        onPick: () => {},
      }),
    );
    for (const kind of STORAGE_KINDS) expect(html).toContain(`data-testid="provider-${kind}"`);
    expect(html).toContain('aria-label="Cloudflare R2"');
    expect(html).toContain('data-testid="preset-note"');
    expect(html).toContain('Replace the parts in braces');
  });

  it('shows a fixed type without cards or a note', () => {
    const html = render(
      createElement(StorageProviderPicker, {
        kinds: ['local'],
        kind: 'local',
        picked: null,
        presetHasPlaceholder: false,
        onPick: () => {},
      }),
    );
    expect(html).not.toContain('data-testid="provider-');
    expect(html).not.toContain('preset-note');
    expect(html).toContain('The storage type cannot be changed once created.');
  });

  it("renders an S3 storage's connection and credentials, the stored secret masked", () => {
    const html = render(
      createElement(S3ConnectionFields, {
        ...fieldsOf(emptyStorageForm('minio')),
        setRegion: () => {},
        picked: null,
        isNew: false,
        secretMasked: 'ab••••',
      }),
    );
    for (const label of ['Endpoint', 'Region', 'Bucket', 'Access key ID', 'Secret access key']) {
      expect(html).toContain(`>${label}<`);
    }
    expect(html).toContain('Path-style addressing');
    expect(html).toContain('data-testid="path-style"');
    expect(html).toContain('data-testid="secret-masked"');
    expect(html).toContain('Stored: ab••••. Leave empty to keep it.');
    expect(html).toContain('placeholder="Leave empty to keep the stored key"');
    expect(html).toContain('value="http://localhost:9000"');
    expect(html).toContain('Bucket message');
  });

  it('renders the limits with the provider field first and its switch after the grid', () => {
    const local = fieldsOf(emptyStorageForm('local'));
    const html = render(
      createElement(StorageBehaviourFields, {
        ...local,
        providerField: createElement(HostFolderField, local),
        providerSwitch: createElement(DirectDownloadsSwitch, local),
      }),
    );
    const order = [
      'Host folder',
      'Default folder',
      'Custom download host',
      'Link lifetime (seconds)',
      'Total capacity',
      'data-testid="direct-downloads"',
      'data-testid="allow-api-keys"',
    ].map((text) => html.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain('aria-label="Capacity unit"');
    expect(html).toContain('data-testid="capacity-unit"');
    expect(html).toContain('value="3600"');
    expect(render(createElement(LocalStorageNote))).toContain('role="alert"');
  });
});
