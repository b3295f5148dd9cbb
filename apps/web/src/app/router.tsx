import { LOCALES, type Permission } from '@portal/contract';
import { type ComponentType, lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/pages/route-error-page.tsx';
import { PublicLayout } from '../layout/public-layout.tsx';
import { loadLaterWords } from '../lib/i18n/i18n.ts';
import { RequireAuth, RequirePermission } from '../lib/session/guards.tsx';
import { LocaleOfAddress } from './locale-of-address.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * Each page is its own chunk, fetched the first time its route renders, with the words of the pages behind a
 * route (lib/i18n) unless `firstWords` says the first part of the catalogue is all it draws from (the landing page).
 */
function page<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  { firstWords = false } = {},
) {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => {
    const [module] = await Promise.all([load(), firstWords || loadLaterWords()]);
    return { default: module[name] };
  });
  return <Page />;
}

/** The route of a path to its page, the export `name` of the module `load` imports. */
function route<Name extends string>(
  path: string,
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  options?: { firstWords?: boolean },
) {
  return { path, element: page(load, name, options) };
}

/** Routes only those with the permission reach; the others get the Denied page. */
const allowed = (permission: Permission, children: RouteObject[]): RouteObject => ({
  element: <RequirePermission to={permission} />,
  children,
});

const dashboardPage = page(() => import('./routes/dashboard-route.tsx'), 'DashboardRoute');

/** The pages the mailed links and the full register form open, under /account. */
const accountPages: RouteObject[] = [
  route('register', () => import('../features/auth/pages/register-page.tsx'), 'RegisterPage'),
  route('reset-password', () => import('../features/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage'),
  route('verify-email', () => import('../features/auth/pages/verify-email-page.tsx'), 'VerifyEmailPage'),
  route('forgot-password', () => import('../features/auth/pages/forgot-password-page.tsx'), 'ForgotPasswordPage'),
  route('unsubscribe', () => import('../features/auth/pages/unsubscribe-page.tsx'), 'UnsubscribePage'),
];

/** The back office under /admin: each group of pages behind its permission. */
const backOffice: RouteObject[] = [
  // Nothing lives at /admin itself: the back office starts at the dashboard.
  { index: true, element: <Navigate to="/" replace /> },
  allowed('files:manage', [
    route('file-list', () => import('../features/files/pages/file-list-page.tsx'), 'FileListPage'),
  ]),
  allowed('records:manage', [
    route('upload', () => import('../features/countries/pages/countries-page.tsx'), 'CountriesPage'),
    route('church', () => import('../features/churches/pages/church-list-page.tsx'), 'ChurchListPage'),
    route('languages', () => import('../features/languages/pages/language-list-page.tsx'), 'LanguageListPage'),
    route('books', () => import('../features/books/pages/book-list-page.tsx'), 'BookListPage'),
  ]),
  allowed('accounts:manage', [
    route('user-list', () => import('../features/users/pages/user-list-page.tsx'), 'UserListPage'),
    route('user/:id', () => import('../features/users/pages/user-edit-page.tsx'), 'UserEditPage'),
  ]),
  allowed('migration:run', [
    route('migrate', () => import('../features/migration/pages/migration-page.tsx'), 'MigrationPage'),
  ]),
];

/** The signed-in pages, in the shell. */
const signedInPages: RouteObject[] = [
  { index: true, element: dashboardPage },
  route('user/download', () => import('../features/downloads/pages/download-page.tsx'), 'DownloadPage'),
  route('user/read/:id', () => import('../features/reader/pages/reader-page.tsx'), 'ReaderPage'),
  route('user/read/:id/day/:day', () => import('../features/reader/pages/day-text-page.tsx'), 'DayTextPage'),
  route('user/search', () => import('../features/search/pages/search-page.tsx'), 'SearchPage'),
  route('user/profile', () => import('../features/profile/pages/user-profile-page.tsx'), 'UserProfilePage'),
  route('profile/details', () => import('../features/profile/pages/profile-details-page.tsx'), 'ProfileDetailsPage'),
  {
    // The statistics are the admins' dashboard; anyone else is sent to the landing page (spec).
    path: 'admin/dashboard',
    element: <RequirePermission to="stats:read" orLanding />,
    children: [{ index: true, element: dashboardPage }],
  },
  { path: 'admin', children: backOffice },
];

/** The pages for visitors that the address may give a locale: /fr/login as well as /login. */
const visitorPages: RouteObject[] = [
  route('login', () => import('./routes/login-route.tsx'), 'LoginRoute'),
  // Route paths match case-insensitively, so this also serves /Signup.
  route('signup', () => import('../features/auth/pages/sign-up-page.tsx'), 'SignUpPage'),
  { path: 'account', children: accountPages },
  route('terms', () => import('../features/terms/pages/terms-page.tsx'), 'TermsPage'),
];

/** Under /{locale}: the landing page and the visitors' pages in that language (decision 028). */
const localePages: RouteObject[] = LOCALES.map((locale) => ({
  path: locale,
  element: <LocaleOfAddress locale={locale} />,
  children: [
    route('dist', () => import('./routes/landing-route.tsx'), 'LandingRoute', { firstWords: true }),
    ...visitorPages,
  ],
}));

/** Every page of the app; the browser's router and the build's prerender (src/prerender.tsx) both take them. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...localePages,
          ...visitorPages,
          route('access', () => import('../features/errors/pages/denied-page.tsx'), 'DeniedPage'),
          route('*', () => import('../features/errors/pages/not-found-page.tsx'), 'NotFoundPage'),
        ],
      },
      {
        element: <RequireAuth>{page(() => import('../layout/app-shell.tsx'), 'AppShell')}</RequireAuth>,
        children: signedInPages,
      },
    ],
  },
];
