import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AdminGuard } from './guards';
import { AppLayout } from './layout/AppLayout';
import { RouteError } from './RouteError';

const HomePage = lazy(() => import('../modules/home/pages/HomePage'));
const AdminPage = lazy(() => import('../modules/admin/pages/AdminPage'));
const AdminIndexPage = lazy(() => import('../modules/admin/pages/AdminIndexPage'));
const AdminModulePage = lazy(() => import('../modules/admin/pages/AdminModulePage'));

export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <HomePage /> },
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
        // SPEC §2: any other path leads Home.
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}
