import { z } from 'zod';

/** What the new-edition mail's pages and API say (issue 18, decision 034). */
export const NOTIFICATION_MESSAGES = {
  unsubscribed: 'You will no longer get an e-mail when a new edition is out.',
  resubscribed: 'You will get an e-mail again when a new edition is out.',
  linkInvalid: 'This link is not valid. Open it again from the e-mail, or change your choice in your profile.',
  linkExpired: 'This link has expired. You can stop or start these e-mails in your profile.',
  nothingToUndo:
    'This link can no longer turn the e-mails back on: they were stopped another way, or your choice has changed since. Choose in your profile.',
  choiceSaved: 'Your e-mail choice is saved.',
  languageRequired: 'Choose at least one language.',
  bookRequired: 'Choose at least one book.',
  unknownChoice: 'A chosen book or language no longer exists. Reload the page and choose again.',
  paused: 'New-edition e-mails are paused. Queued ones wait until they are resumed.',
  resumed: 'New-edition e-mails are resumed.',
  resent: 'The failed e-mails are queued again.',
} as const;
const m = NOTIFICATION_MESSAGES;

/**
 * A member's new-edition mail: whether it is on, and about which books (null: every book, those added later
 * too) and languages (ids).
 */
export const notificationChoiceSchema = z
  .object({
    enabled: z.boolean(),
    books: z.array(z.string().max(64)).max(500).nullable(),
    languages: z.array(z.string().max(64)).max(500),
  })
  .superRefine((value, context) => {
    if (!value.enabled) return;
    if (value.languages.length === 0)
      context.addIssue({ code: 'custom', path: ['languages'], message: m.languageRequired });
    if (value.books?.length === 0) context.addIssue({ code: 'custom', path: ['books'], message: m.bookRequired });
  });
export type NotificationChoice = z.infer<typeof notificationChoiceSchema>;

/** How an edition's new-edition mail went: members mailed, waiting, and failed with the mail server's reasons. */
export const editionNotificationsSchema = z.object({
  fileId: z.string(),
  sent: z.number(),
  queued: z.number(),
  failed: z.number(),
  reasons: z.array(z.object({ error: z.string(), count: z.number() })),
});
export type EditionNotifications = z.infer<typeof editionNotificationsSchema>;

export const notificationSettingsSchema = z.object({ paused: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
