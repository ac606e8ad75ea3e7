import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { withTextPart } from '../i18n';
import { AdminGuard } from './guards';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';
import { appBasePath } from './runtime-config';

const HomePage = lazy(() => import('../modules/home/pages/HomePage'));
const PasteViewPage = lazy(() => import('../modules/pastes/pages/PasteViewPage'));
const UploadPage = lazy(() => import('../modules/files/pages/UploadPage'));
const FileSharePage = lazy(() => import('../modules/files/pages/FileSharePage'));
// Both read the texts of shares of mounted paths, a part of the dictionary of its own.
const FsSharePage = lazy(() =>
  withTextPart(import('../modules/fs-shares/pages/FsSharePage'), 'fsShares'),
);
// The explorer also asks for files (upload requests) and plays media, with their texts.
const MountExplorerPage = lazy(() =>
  withTextPart(
    withTextPart(
      withTextPart(import('../modules/mount-explorer/pages/MountExplorerPage'), 'fsShares'),
      'uploadRequests',
    ),
    'media',
  ),
);
const UploadRequestPage = lazy(() =>
  withTextPart(import('../modules/upload-requests/pages/UploadRequestPage'), 'uploadRequests'),
);
const ShortLinkPage = lazy(() =>
  withTextPart(import('../modules/links/pages/ShortLinkPage'), 'links'),
);
const AdminPage = lazy(() => import('../modules/admin/pages/AdminPage'));
const AdminIndexPage = lazy(() => import('../modules/admin/pages/AdminIndexPage'));
const AdminModulePage = lazy(() => import('../modules/admin/pages/AdminModulePage'));

/** The app's router, under the base path the server names in index.html (PUBLIC_URL's). */
export function createRouter() {
  return createBrowserRouter(routes(), { basename: appBasePath() || '/' });
}

function routes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [
        {
          // A page that fails shows its error inside the layout: the header (and its offline
          // badge) and the way back stay.
          errorElement: <RouteError />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'paste/:slug', element: <PasteViewPage /> },
            { path: 'upload', element: <UploadPage /> },
            { path: 'file/:slug', element: <FileSharePage /> },
            // One route for the share and its folders (`*` may be empty): moving between them
            // keeps the page mounted.
            { path: 's/:slug/*', element: <FsSharePage /> },
            // Only what the server did not send on at once: a password, or why it leads nowhere.
            { path: 'l/:slug', element: <ShortLinkPage /> },
            { path: 'r/:slug', element: <UploadRequestPage /> },
            { path: 'mount-explorer', element: <MountExplorerPage /> },
            { path: 'mount-explorer/*', element: <MountExplorerPage /> },
            {
              path: 'admin',
              element: (
                <AdminGuard>
                  <AdminPage />
                </AdminGuard>
              ),
              children: [
                { index: true, element: <AdminIndexPage /> },
                { path: ':module', element: <AdminModulePage /> },
                { path: ':module/*', element: <AdminModulePage /> },
              ],
            },
            // SPEC §2: any other path gets the titled not-found page, with its way back Home.
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
