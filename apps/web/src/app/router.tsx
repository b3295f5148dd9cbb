import type { Permission } from '@portal/contract';
import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/pages/route-error-page.tsx';
import { PublicLayout } from '../layout/public-layout.tsx';
import { RequireAuth, RequirePermission, SIGNED_OUT_PATH } from '../lib/session/guards.tsx';
import { RootLayout } from './root-layout.tsx';

/** Each page is its own chunk, fetched the first time its route renders. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return <Page />;
}

/** Routes only those with the permission reach; the others get the Denied page. */
const allowed = (permission: Permission, children: RouteObject[]): RouteObject => ({
  element: <RequirePermission to={permission} />,
  children,
});

const dashboardPage = page(() => import('./routes/dashboard-route.tsx'), 'DashboardRoute');

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: SIGNED_OUT_PATH, element: page(() => import('./routes/landing-route.tsx'), 'LandingRoute') },
          { path: 'login', element: page(() => import('./routes/login-route.tsx'), 'LoginRoute') },
          // Route paths match case-insensitively, so this also serves /Signup.
          { path: 'signup', element: page(() => import('../features/auth/pages/sign-up-page.tsx'), 'SignUpPage') },
          {
            path: 'account',
            children: [
              {
                path: 'register',
                element: page(() => import('../features/auth/pages/register-page.tsx'), 'RegisterPage'),
              },
              {
                path: 'reset-password',
                element: page(() => import('../features/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage'),
              },
              {
                path: 'verify-email',
                element: page(() => import('../features/auth/pages/verify-email-page.tsx'), 'VerifyEmailPage'),
              },
              {
                path: 'forgot-password',
                element: page(() => import('../features/auth/pages/forgot-password-page.tsx'), 'ForgotPasswordPage'),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth>{page(() => import('../layout/app-shell.tsx'), 'AppShell')}</RequireAuth>,
        children: [
          { index: true, element: dashboardPage },
          {
            path: 'user/download',
            element: page(() => import('../features/downloads/pages/download-page.tsx'), 'DownloadPage'),
          },
          {
            path: 'user/profile',
            element: page(() => import('../features/profile/pages/user-profile-page.tsx'), 'UserProfilePage'),
          },
          {
            path: 'profile/details',
            element: page(() => import('../features/profile/pages/profile-details-page.tsx'), 'ProfileDetailsPage'),
          },
          {
            // The statistics are the admins' dashboard; anyone else is sent to the landing page (spec).
            path: 'admin/dashboard',
            element: <RequirePermission to="stats:read" otherwise={SIGNED_OUT_PATH} />,
            children: [{ index: true, element: dashboardPage }],
          },
          {
            path: 'admin',
            children: [
              // Nothing lives at /admin itself: the back office starts at the dashboard.
              { index: true, element: <Navigate to="/" replace /> },
              allowed('files:manage', [
                {
                  path: 'file-list',
                  element: page(() => import('../features/files/pages/file-list-page.tsx'), 'FileListPage'),
                },
              ]),
              allowed('records:manage', [
                {
                  path: 'upload',
                  element: page(
                    () => import('../features/countries/pages/country-upload-page.tsx'),
                    'CountryUploadPage',
                  ),
                },
                {
                  path: 'church',
                  element: page(() => import('../features/churches/pages/church-list-page.tsx'), 'ChurchListPage'),
                },
                {
                  path: 'languages',
                  element: page(() => import('../features/languages/pages/language-list-page.tsx'), 'LanguageListPage'),
                },
                {
                  path: 'books',
                  element: page(() => import('../features/books/pages/book-list-page.tsx'), 'BookListPage'),
                },
              ]),
              allowed('accounts:manage', [
                {
                  path: 'user-list',
                  element: page(() => import('../features/users/pages/user-list-page.tsx'), 'UserListPage'),
                },
                {
                  path: 'user/:id',
                  element: page(() => import('../features/users/pages/user-edit-page.tsx'), 'UserEditPage'),
                },
              ]),
              allowed('migration:run', [
                {
                  path: 'migrate',
                  element: page(() => import('../features/migration/pages/migration-page.tsx'), 'MigrationPage'),
                },
              ]),
            ],
          },
        ],
      },
      { path: 'access', element: page(() => import('../features/errors/pages/denied-page.tsx'), 'DeniedPage') },
      { path: '*', element: page(() => import('../features/errors/pages/not-found-page.tsx'), 'NotFoundPage') },
    ],
  },
]);
