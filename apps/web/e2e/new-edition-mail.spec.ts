import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { makeEditionPdf } from '../../server/test/files.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { choose } from './support/dropdown.ts';
import { ensureLanguage, uploadThroughApi } from './support/editions.ts';
import { mailedLink, mailTo } from './support/mail.ts';
import { bearerOf, signInAs, signInThroughDialog } from './support/session.ts';

/** A language only this spec uploads in: its editions are new, so they are told. */
const LANGUAGE = `Ewe ${Date.now()}`;

test.describe.configure({ mode: 'serial' });

test('a member who asked at sign-up is mailed a new edition in the language chosen in Profile, with a link that opens it; the mail’s Stop works without signing in and can be undone', async ({
  page,
  browser,
}) => {
  await ensureLanguage(page.request, LANGUAGE);
  const email = `kofi.mensah.${Date.now()}@example.org`;
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Kofi Mensah');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Edition-pass-1');
  await page.getByLabel('Confirm Password').fill('Edition-pass-1');
  await page.getByLabel('Are you a member?').uncheck();
  await choose(page, 'sign-up-country', 'Ghana');
  await page.getByLabel('I agree to the terms and conditions').check();
  const asked = page.getByLabel('E-mail me when a new edition is out');
  await expect(asked).not.toBeChecked();
  await asked.check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('dialog', { name: 'Registration Successful' }).getByRole('button', { name: 'OK' }).click();
  await page.goto(await mailedLink(email, '/account/verify-email'));
  await page.getByRole('dialog', { name: 'Email Verified' }).getByRole('button', { name: 'OK' }).click();
  await signInThroughDialog(page, email, 'Edition-pass-1');
  await expect(page).toHaveURL('/');

  await page.goto('/user/profile');
  const card = page.getByRole('region', { name: 'New editions by e-mail' });
  await expect(card.getByRole('checkbox', { name: 'E-mail me when a new edition is out' })).toBeChecked();
  // The languages start as those the portal would pick (none downloaded yet: the first language added).
  await card.locator('.p-multiselect', { has: page.locator('#new-edition-mail-languages') }).click();
  const option = page.getByRole('option', { name: LANGUAGE });
  if ((await option.getAttribute('aria-selected')) !== 'true') await option.click();
  await page.keyboard.press('Escape');
  await expect(card.getByRole('combobox', { name: 'Languages' })).toHaveValue(new RegExp(LANGUAGE));
  await card.getByRole('button', { name: 'Save e-mail choice' }).click();
  await expect(page.getByText(NOTIFICATION_MESSAGES.choiceSaved)).toBeVisible();
  expect(await seriousViolations(page, { exclude: '.p-toast' })).toEqual([]);

  const edition = await uploadThroughApi(
    page.request,
    2,
    makeEditionPdf({ pages: 2, bytes: 20_000, title: 'Teevo in Ewe' }),
    'Teevo',
    { language: LANGUAGE },
  );
  const mail = await mailTo(email, '/account/unsubscribe');
  expect(mail.subject).toBe('A new edition is out');
  const readLink = mail.text.match(/https?:\/\/[^/\s]+(\/user\/read\/[\w-]+)/)?.[1];
  expect(readLink).toBe(`/user/read/${edition._id}`);

  // The mail's links, each opened on a phone where no one is signed in: the edition after sign-in, and Stop at once.
  const phone = { viewport: { width: 360, height: 740 } };
  const reading = await browser.newContext(phone);
  const reader = await reading.newPage();
  await reader.goto(readLink as string);
  await signInThroughDialog(reader, email, 'Edition-pass-1');
  await expect(reader).toHaveURL(readLink as string);
  await expect(reader.locator('canvas').first()).toBeVisible();
  await reading.close();

  const elsewhere = await browser.newContext(phone);
  const visitor = await elsewhere.newPage();
  await visitor.goto(mail.link);
  await expect(visitor.getByText(NOTIFICATION_MESSAGES.unsubscribed)).toBeVisible();
  const choice = async () =>
    (
      await page.request.get('/api/notifications/choice', {
        headers: await bearerOf(page.request, { email, password: 'Edition-pass-1' }),
      })
    ).json();
  expect((await choice()).enabled).toBe(false);
  expect(await seriousViolations(visitor)).toEqual([]);
  await visitor.getByRole('button', { name: 'Undo' }).click();
  await expect(visitor.getByText(NOTIFICATION_MESSAGES.resubscribed)).toBeVisible();
  expect((await choice()).enabled).toBe(true);

  // Stopped by the link once more, then chosen again in Profile: the old page's Undo may no longer change it.
  await visitor.goto(mail.link);
  await expect(visitor.getByText(NOTIFICATION_MESSAGES.unsubscribed)).toBeVisible();
  const saved = await page.request.put('/api/notifications/choice', {
    headers: await bearerOf(page.request, { email, password: 'Edition-pass-1' }),
    data: { ...(await choice()), enabled: true },
  });
  expect(saved.status()).toBe(200);
  await visitor.getByRole('button', { name: 'Undo' }).click();
  await expect(visitor.getByText(NOTIFICATION_MESSAGES.nothingToUndo)).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Choose in your profile' })).toBeVisible();

  await visitor.goto(mail.link.replace(/token=[^&]+/, 'token=forged.token'));
  await expect(visitor.getByText(NOTIFICATION_MESSAGES.linkInvalid)).toBeVisible();
  await elsewhere.close();
});

test('the File List says how many members were mailed for each edition, and a Super Admin pauses and resumes the mail', async ({
  page,
  request,
}) => {
  // What the File List will show, asked first (through a client of its own): the one mail the first test saw.
  const told = async () => {
    const answer = await request.get('/api/notifications/editions', { headers: await bearerOf(request) });
    const files = await request.get('/api/files', { headers: await bearerOf(request) });
    const edition = ((await files.json()) as { _id: string; book_language: string }[]).find(
      (file) => file.book_language === LANGUAGE,
    );
    return ((await answer.json()) as { fileId: string; sent: number }[]).find((each) => each.fileId === edition?._id)
      ?.sent;
  };
  await expect.poll(told, { timeout: 15_000 }).toBe(1);
  await signInAs(page, 'Super Admin');
  await page.goto('/admin/file-list');
  await page.getByRole('searchbox').first().fill(LANGUAGE);
  const row = page.getByRole('row', { name: new RegExp(LANGUAGE) });
  await expect(row.getByText('1 mailed')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Pause new-edition e-mails' }).click();
  await expect(page.getByText(NOTIFICATION_MESSAGES.paused)).toBeVisible();
  await expect(page.locator('.p-inline-message-warn')).toContainText('New-edition e-mails are paused');
  expect(await seriousViolations(page, { exclude: '.p-toast' })).toEqual([]);
  await page.getByRole('button', { name: 'Resume new-edition e-mails' }).click();
  await expect(page.getByText(NOTIFICATION_MESSAGES.resumed)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause new-edition e-mails' })).toBeVisible();
});
