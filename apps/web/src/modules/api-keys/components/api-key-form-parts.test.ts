import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../../i18n/en-US';
import { emptyKeyForm } from '../api-keys.form';
import { ApiKeyExpiryField } from './ApiKeyExpiryField';
import { ApiKeyPermissionFields } from './ApiKeyPermissionFields';

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

describe('the parts of the key form', () => {
  it('offers the expiry presets as radios, 30 days chosen for a new key', () => {
    const html = render(
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
    const html = render(
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
    const html = render(createElement(ApiKeyPermissionFields, { values, set: () => {} }));
    for (const permission of ['text', 'file', 'mount']) {
      expect(html).toContain(`data-testid="permission-${permission}"`);
    }
    expect(html).toContain('>Mount<');
    expect(html).not.toContain('permission-mount-read-only');
    const mount = render(
      createElement(ApiKeyPermissionFields, { values: { ...values, mount: true }, set: () => {} }),
    );
    expect(mount).toContain('data-testid="permission-mount-read-only"');
    expect(mount).toContain('>Read only<');
  });
});
