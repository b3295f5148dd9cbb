import { readFile } from 'node:fs/promises';
import { LOCALE_NAMES, LOCALES } from '@portal/contract';
import { makePdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { say } from './support/catalogue.ts';
import { choose } from './support/dropdown.ts';
import { EDITION_YEAR, ensureLanguage, uploadThroughApi } from './support/editions.ts';
import { openLanding } from './support/landing.ts';
import { mailTo } from './support/mail.ts';
import { bearerOf, signInAs } from './support/session.ts';

/**
 * The portal in its readers' languages (issue 15), from a first visit whose browser speaks French or Swahili to
 * a download, its mail and its statistics, each screen's words checked against that locale's catalogue.
 */
/** A month's name as the portal shows it in that locale (through Intl, like the app). */
const monthIn = (locale: string, month: number) =>
  new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1)));

for (const [locale, browser, other] of [
  ['fr', 'fr-FR', 'sw'],
  ['sw', 'sw-KE', 'fr'],
] as const) {
  test.describe(`a browser that speaks ${browser}`, () => {
    test.use({ locale: browser });

    test(`a visitor signs up in ${locale}, is mailed in ${locale}, signs in, downloads, and switches to ${other} keeping the page`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const stamp = `${Date.now()}`;
      const church = `Église ${locale} ${stamp}`;
      const language = `Language ${locale} ${stamp}`;
      const email = `reader.${locale}.${stamp}@example.org`;
      const headers = await bearerOf(page.request);
      expect(
        (
          await page.request.post('/api/church/create', {
            data: { name: church, country: 'Ghana', allocation: 5 },
            headers,
          })
        ).status(),
      ).toBe(201);
      await ensureLanguage(page.request, language);
      const pdf = makePdf(`Teevo ${language}`);
      await uploadThroughApi(page.request, 3, pdf, 'Teevo', { language });

      // The first visit answers in the browser's language, and says so to screen readers.
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(locale, 'landing.heading'));
      const picker = page.getByRole('banner').locator('details', { hasText: say(locale, 'app.languagePicker') });
      await expect(picker.locator('.locale-picker-code')).toHaveText(locale.toUpperCase());

      // The form once the page's scripts have taken it over: before, its Sign Up waits.
      await openLanding(page, `/${locale}/signup`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(locale, 'common.signUp'));
      await page.locator('#sign-up-name').fill('Amani Juma');
      await page.locator('#sign-up-email').fill(email);
      await page.locator('#sign-up-password').fill('Journey-pass-1');
      await page.locator('#sign-up-confirmPassword').fill('Journey-pass-1');
      await choose(page, 'sign-up-church', church);
      await choose(page, 'sign-up-country', 'Ghana');
      await page.getByLabel(say(locale, 'auth.terms.agree')).check();
      await page.getByRole('button', { name: say(locale, 'common.signUp') }).click();
      const registered = page.getByRole('dialog', { name: say(locale, 'auth.register.successful') });
      await expect(registered).toContainText(say(locale, 'auth.register.welcome', { name: 'Amani Juma' }));
      await registered.getByRole('button', { name: say(locale, 'common.ok') }).click();

      // The verification mail, subject and body, is in the language the person signed up in.
      const mail = await mailTo(email, '/account/verify-email');
      expect(mail.subject).toBe(say(locale, 'mail.verification.subject'));
      expect(mail.text).toContain(say(locale, 'mail.verification.body', { hours: 24 }));
      expect(mail.link).toMatch(new RegExp(`^/${locale}/account/verify-email\\?token=`));
      await page.goto(mail.link);
      const verified = page.getByRole('dialog', { name: say(locale, 'auth.verify.done') });
      await expect(verified).toContainText(say(locale, 'messages.accounts.verified'));
      await verified.getByRole('button', { name: say(locale, 'common.ok') }).click();

      const signIn = page.getByRole('dialog', { name: say(locale, 'common.signIn') });
      await signIn.locator('#sign-in-email').fill(email);
      await signIn.locator('#sign-in-password').fill('Journey-pass-1');
      await signIn.getByRole('button', { name: say(locale, 'common.signIn') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        say(locale, 'downloads.home.welcome', { name: 'Amani Juma' }),
      );

      await page.goto('/user/download');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(locale, 'downloads.panel.title'));
      await choose(page, 'download-year', String(EDITION_YEAR));
      await choose(page, 'download-month', monthIn(locale, 3));
      await choose(page, 'download-language', language);
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: say(locale, 'downloads.panel.download'), exact: true }).click();
      expect((await readFile(await (await downloading).path())).equals(pdf)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // Another language: the same page, still signed in, and kept on the account for the next visit.
      const saved = page.waitForResponse(
        (response) => response.url().includes('/api/accounts/') && response.request().method() === 'PUT',
      );
      await picker.locator('summary').click();
      await picker.getByRole('link', { name: other === 'fr' ? 'Français' : 'Kiswahili' }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page).toHaveURL('/user/download');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(other, 'downloads.panel.title'));
      await expect(page.getByRole('banner')).toContainText('Amani Juma');
      await page.goto('/user/profile');
      await expect(page.locator('.p-dropdown', { has: page.locator('#profile-locale') })).toContainText(
        other === 'fr' ? 'Français' : 'Kiswahili',
      );
      await page.request.post('/api/accounts/forgot-password', { data: { email } });
      expect((await mailTo(email, '/account/reset-password')).subject).toBe(say(other, 'mail.reset.subject'));
    });

    test(`an Admin reads the statistics and the tables' own controls in ${locale}`, async ({ page }) => {
      await signInAs(page, 'Admin');
      await page.goto('/admin/dashboard');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(locale, 'common.dashboard'));
      for (const key of ['stats.filter.book', 'stats.filter.start', 'stats.filter.end']) {
        await expect(page.getByLabel(say(locale, key), { exact: true })).toBeVisible();
      }
      await expect(page.getByRole('button', { name: say(locale, 'stats.filter.search') })).toBeVisible();
      // PrimeReact's calendar names its months in the reader's language.
      await page.getByLabel(say(locale, 'stats.filter.start'), { exact: true }).click();
      await expect(page.locator('.p-datepicker-month')).toHaveText(
        new RegExp(new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date()), 'i'),
      );
      await page.keyboard.press('Escape');
      // And the paginator its buttons.
      await page.goto('/admin/languages');
      await expect(page.getByRole('button', { name: say(locale, 'prime.aria.nextPageLabel') })).toBeAttached();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

for (const locale of LOCALES) {
  test(`the public pages in ${LOCALE_NAMES[locale]}: their own lang, their words, and no serious accessibility violations`, async ({
    page,
  }) => {
    for (const [path, heading, title] of [
      ['dist', 'landing.heading', 'landing.title'],
      ['signup', 'common.signUp', 'common.signUp'],
      ['account/forgot-password', 'auth.forgot.title', 'auth.forgot.title'],
    ] as const) {
      // Its title is the app's: the page's scripts name it once they have started (decision 052).
      await openLanding(page, `/${locale}/${path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(locale, heading));
      await expect(page).toHaveTitle(say(locale, 'app.pageTitle', { title: say(locale, title) }));
      expect(await seriousViolations(page), `${locale}/${path}`).toEqual([]);
    }
  });
}
