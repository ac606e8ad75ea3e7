/**
 * Components rendered to HTML without a DOM (react-dom/server) inside Mantine, i18next and a
 * router: the markup holds the texts, labels, links and test ids the e2e suite drives. Test
 * code only; nothing outside *.test.ts files may import it.
 */
import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { enUS } from '../i18n/en-US';
import { fsSharesEnUS } from '../i18n/fs-shares.en-US';
import { fsSharesZhCN } from '../i18n/fs-shares.zh-CN';
import { linksEnUS } from '../i18n/links.en-US';
import { linksZhCN } from '../i18n/links.zh-CN';
import { uploadRequestsEnUS } from '../i18n/upload-requests.en-US';
import { uploadRequestsZhCN } from '../i18n/upload-requests.zh-CN';
import { zhCN } from '../i18n/zh-CN';

const i18n = createInstance();
void i18n.init({
  // The parts the app loads with their pages are in from the start here.
  resources: {
    'en-US': {
      translation: {
        ...enUS,
        fsShares: fsSharesEnUS,
        links: linksEnUS,
        uploadRequests: uploadRequestsEnUS,
      },
    },
    'zh-CN': {
      translation: {
        ...zhCN,
        fsShares: fsSharesZhCN,
        links: linksZhCN,
        uploadRequests: uploadRequestsZhCN,
      },
    },
  },
  lng: 'en-US',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function renderMarkup(element: ReactElement, language: 'en-US' | 'zh-CN' = 'en-US') {
  void i18n.changeLanguage(language);
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(MantineProvider, null, createElement(MemoryRouter, null, element)),
    ),
  );
}

/** The same texts for code that takes a `t` of its own. */
export const textsIn = (language: 'en-US' | 'zh-CN') => i18n.getFixedT(language);
