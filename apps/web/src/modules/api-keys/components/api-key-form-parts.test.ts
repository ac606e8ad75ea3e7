import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../../app/static-markup.test-support';
import { emptyKeyForm } from '../api-keys.form';
import { ApiKeyExpiryField } from './ApiKeyExpiryField';
import { ApiKeyPermissionFields } from './ApiKeyPermissionFields';

describe('the parts of the key form', () => {
  it('offers the expiry presets as radios, 30 days chosen for a new key', () => {
    const html = renderMarkup(
      createElement(ApiKeyExpiryField, {
        choices: ['1d', '7d', '30d', 'never', 'custom'],
        currentExpiry: null,
        values: emptyKeyForm(),
        set: () => {},
        error: undefined,
      }),
    );
    expect(html).toContain('role="radiogroup" aria-label="Expiry"');
    for (const text of ['1 day', '7 days', '30 days', 'Never', 'Custom']) {
      expect(html).toContain(`>${text}<`);
    }
    expect(html).toMatch(/value="30d"[^>]*checked|checked[^>]*value="30d"/);
    expect(html).not.toContain('Days until expiry');
  });

  it('asks for the days when custom, and shows a saved expiry and its message', () => {
    const html = renderMarkup(
      createElement(ApiKeyExpiryField, {
        choices: ['keep', 'custom'],
        currentExpiry: 'Never',
        values: { ...emptyKeyForm(), expiry: 'custom' },
        set: () => {},
        error: 'Enter the number of days',
      }),
    );
    expect(html).toContain('Days until expiry');
    expect(html).toContain('Currently: Never');
    expect(html).toContain('Enter the number of days');
  });

  it('has a switch per permission, and read only once mount is on', () => {
    const values = emptyKeyForm();
    const html = renderMarkup(createElement(ApiKeyPermissionFields, { values, set: () => {} }));
    for (const permission of ['text', 'file', 'mount']) {
      expect(html).toContain(`data-testid="permission-${permission}"`);
    }
    expect(html).toContain('>Mount<');
    expect(html).not.toContain('permission-mount-read-only');
    const mount = renderMarkup(
      createElement(ApiKeyPermissionFields, { values: { ...values, mount: true }, set: () => {} }),
    );
    expect(mount).toContain('data-testid="permission-mount-read-only"');
    expect(mount).toContain('>Read only<');
  });
});
