import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../../app/static-markup.test-support';
import { STORAGE_KINDS, type StorageFormValues } from '../storage-common.form';
import { emptyStorageForm } from '../storage-config.form';
import { HostFolderField, LocalStorageNote } from './LocalStorageFields';
import { DirectDownloadsSwitch, S3ConnectionFields } from './S3StorageFields';
import { StorageBehaviourFields } from './StorageBehaviourFields';
import { StorageProviderPicker } from './StorageProviderPicker';

const fieldsOf = (values: StorageFormValues) => ({
  values,
  set: () => {},
  errorOf: (field: string) => (field === 'bucket' ? 'Bucket message' : undefined),
});

describe('the parts of the storage form', () => {
  it('offers every provider as a card, and notes a preset with braces to replace', () => {
    const html = renderMarkup(
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
    const html = renderMarkup(
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
    const html = renderMarkup(
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
    const html = renderMarkup(
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
    expect(renderMarkup(createElement(LocalStorageNote))).toContain('role="alert"');
  });
});
