import { z } from 'zod';
import { coded } from './coded.ts';
import { LOCALES, type Locale } from './locales.ts';
import { ROLES } from './roles.ts';
import { pageQuerySchema } from './stats.ts';
import { decimalSchema, textSchema } from './text.ts';

/** Titles the forms offer; an account may hold any other, as the original accounts API allowed. */
export const TITLES = ['Pastor', 'Mr', 'Mrs', 'Miss', 'Ms', 'Sister', 'Brother'] as const;
export type Title = (typeof TITLES)[number];
/** Titles offered by the profile form. */
export const PROFILE_TITLES = ['Mr', 'Mrs', 'Miss', 'Ms'] as const satisfies readonly Title[];
export const DEFAULT_TITLE: Title = 'Mr';

export const MIN_PASSWORD_LENGTH = 8;
/** Value the sign-up dialog sends for "no church". */
export const NO_CHURCH = 'NAN';

/** Most accounts one "move to church" takes. */
export const MAX_ACCOUNTS_MOVED = 1000;

export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required.',
  localeInvalid: 'Choose one of the portal’s languages.',
  emailInvalid: 'Invalid email address. E.g. example@email.com',
  passwordRequired: 'Password is required.',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  confirmRequired: 'Confirm Password is required.',
  passwordsMustMatch: 'Passwords must match.',
  fullNameRequired: 'Full Name is required.',
  firstNameRequired: 'First Name is required.',
  lastNameRequired: 'Last Name is required.',
  titleRequired: 'Title is required.',
  addressRequired: 'Address is required.',
  churchRequired: 'Church is required.',
  acceptTerms: 'You need to agree to the terms and conditions.',
  tokenRequired: 'Token is required.',
  wrongCredentials: 'Email or password is incorrect.',
  signInUnavailable: 'Signing in is not possible for a moment. Please try again in a few minutes.',
  notVerified:
    'Please verify your e-mail address before signing in: use the link we sent you, or Forgot your password to get a new one.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  registered: 'Registration successful, please check your email for verification instructions.',
  mailFailed:
    'We could not send you an e-mail just now, so your registration was not saved. Please try again in a few minutes.',
  verified: 'Verification successful, you can now sign in.',
  verifyFailed: 'Verification failed, you can also verify your account using the forgot password page.',
  alreadyVerified: 'This e-mail address is already verified, you can sign in.',
  resetSent: 'Please check your email for password reset instructions.',
  tokenValid: 'Token is valid.',
  tokenInvalid: 'Token validation failed, if the token has expired you can get a new one at the forgot password page.',
  passwordReset: 'Password reset successful, you can now sign in.',
  signedOut: 'Signed out.',
  accountDeleted: 'Account deleted successfully.',
  emailTaken: 'An account with this e-mail address already exists.',
  accountNotFound: 'Account not found.',
  churchNotFound: 'The selected church does not exist.',
  moveNoAccounts: 'Choose the accounts to move.',
  moveTooManyAccounts: `Move at most ${MAX_ACCOUNTS_MOVED.toLocaleString('en')} accounts at once.`,
  superAdminOnly: 'Only a Super Admin can manage Super Admin accounts.',
  lastSuperAdmin: 'At least one Super Admin must remain.',
  ownRoleLocked: 'You can not change your own role, e-mail or verified flag.',
  currentPasswordRequired: 'Enter your current password to change your password or e-mail.',
  currentPasswordWrong: 'Your current password is not correct.',
  deleteConfirmRequired: 'Enter your password to delete your account.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

/** Lifetimes of the tokens the accounts API issues. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 7;
export const VERIFY_TOKEN_HOURS = 24;
export const RESET_TOKEN_HOURS = 1;

const m = ACCOUNT_MESSAGES;

export const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .pipe(z.email({ error: m.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, m.passwordTooShort)
  .max(200);

export const roleSchema = z.enum(ROLES);
export const titleSchema = textSchema({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(100);
export const localeSchema = z.enum(LOCALES as [Locale, ...Locale[]], { error: m.localeInvalid });

/** The account as the API returns it: never a password hash or a token other than jwtToken. */
export const accountSchema = z.object({
  id: z.string(),
  /** "" when the account has none: the original accounts API's front ends expect a string. */
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  church: z.string().nullable(),
  churchName: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  isMember: z.boolean(),
  isVerified: z.boolean(),
  /** The language of the portal and its mails the person chose (decision 028); null until they choose one. */
  locale: localeSchema.nullable(),
  created: z.string(),
  updated: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const sessionSchema = accountSchema.extend({ jwtToken: z.string() });
export type Session = z.infer<typeof sessionSchema>;

/** The updated account; a new access token comes with it when the caller changed their own password. */
export const updatedAccountSchema = accountSchema.extend({ jwtToken: z.string().optional() });
export type UpdatedAccount = z.infer<typeof updatedAccountSchema>;

const optionalText = textSchema()
  .trim()
  .max(200)
  .nullish()
  .transform((value) => value || null);

/** Church choice: an id, or nothing ('' or the dialog's NAN). */
const churchChoice = textSchema()
  .trim()
  .nullish()
  .transform((value) => (value && value !== NO_CHURCH ? value : null));

const withConfirmation = <T extends { password?: string | null; confirmPassword?: string | null }>(
  value: T,
  context: z.RefinementCtx,
) => {
  if (!value.password) return;
  if (!value.confirmPassword) {
    context.addIssue({ code: 'custom', path: ['confirmPassword'], message: m.confirmRequired });
  } else if (value.confirmPassword !== value.password) {
    context.addIssue({ code: 'custom', path: ['confirmPassword'], message: m.passwordsMustMatch });
  }
};

export const registerSchema = z
  .object({
    title: z.union([titleSchema, z.literal('')]).nullish(),
    fullName: textSchema().trim().max(200).optional(),
    firstName: textSchema().trim().max(100).optional(),
    lastName: textSchema().trim().max(100).optional(),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: m.confirmRequired }).min(1, m.confirmRequired),
    church: textSchema().trim().nullish(),
    country: optionalText,
    address: optionalText,
    /** Absent in the original accounts API's body: such a person is a visitor and needs no church. */
    isMember: z.boolean().default(false),
    acceptTerms: z.boolean().default(false),
    /** The language the person signed up in: their mails come in it. */
    locale: localeSchema.optional(),
    /** "E-mail me when a new edition is out", ticked at sign-up. */
    notifyEditions: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (!value.fullName && !value.firstName && !value.lastName) {
      context.addIssue({ code: 'custom', path: ['fullName'], message: m.fullNameRequired });
    }
    if (value.isMember && !value.church) {
      context.addIssue({ code: 'custom', path: ['church'], message: m.churchRequired });
    }
    if (!value.acceptTerms) context.addIssue({ code: 'custom', path: ['acceptTerms'], message: m.acceptTerms });
    withConfirmation(value, context);
  });
export type RegisterRequest = z.input<typeof registerSchema>;

export const authenticateSchema = z.object({
  email: emailSchema,
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(200),
});

export const tokenSchema = z.object({ token: z.string({ error: m.tokenRequired }).min(1, m.tokenRequired).max(200) });

export const emailOnlySchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: m.tokenRequired }).min(1, m.tokenRequired).max(200),
    password: passwordSchema,
    confirmPassword: z.string({ error: m.confirmRequired }).min(1, m.confirmRequired),
  })
  .superRefine(withConfirmation);

/** Fields an account update may carry; role and verified flag are honoured only for admins. */
export const updateAccountSchema = z
  .object({
    title: titleSchema.optional(),
    firstName: textSchema().trim().min(1, m.firstNameRequired).max(100).optional(),
    lastName: textSchema().trim().min(1, m.lastNameRequired).max(100).optional(),
    email: emailSchema.optional(),
    password: z.union([passwordSchema, z.literal('')]).nullish(),
    confirmPassword: z.string().nullish(),
    church: churchChoice.optional(),
    country: optionalText.optional(),
    address: optionalText.optional(),
    isMember: z.boolean().optional(),
    role: roleSchema.optional(),
    isVerified: z.boolean().optional(),
    locale: localeSchema.optional(),
    /** Needed when people change their own password or e-mail, so a stolen access token can't take the account. */
    currentPassword: z.string().max(200).optional(),
  })
  .superRefine(withConfirmation);
export type UpdateAccountRequest = z.input<typeof updateAccountSchema>;

export const createAccountSchema = z
  .object({
    title: titleSchema.default(DEFAULT_TITLE),
    firstName: textSchema({ error: m.firstNameRequired }).trim().min(1, m.firstNameRequired).max(100),
    lastName: textSchema({ error: m.lastNameRequired }).trim().min(1, m.lastNameRequired).max(100),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: m.confirmRequired }).min(1, m.confirmRequired),
    church: churchChoice,
    country: optionalText,
    address: optionalText,
    /** Absent in the original accounts API's body: such a person is a visitor. */
    isMember: z.boolean().default(false),
    role: roleSchema.default('User'),
    isVerified: z.boolean().default(true),
  })
  .superRefine(withConfirmation);
export type CreateAccountRequest = z.input<typeof createAccountSchema>;

/** Deleting one's own account: the web app confirms with the password; clients of the original API send no body. */
export const deleteAccountSchema = z.object({ currentPassword: z.string().max(200).optional() }).nullish();

export const messageSchema = z.object({ message: z.string() });
/** The answer of a change that has nothing to return but what it did, in words. */
export type MessageAnswer = z.infer<typeof messageSchema>;

/** Columns the user list can be sorted on: the account's wire fields, plus `createdAt` as another name for `created`. */
export const ACCOUNT_SORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'role',
  'country',
  'churchName',
  'isMember',
  'isVerified',
  'created',
  'createdAt',
] as const;
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number];

/**
 * One page of the user list: `search` matches names, e-mail, country and church name, each word somewhere; a
 * country also by its name in `locale`, the interface's language (decision 041).
 */
export const accountListQuerySchema = pageQuerySchema.extend({
  rows: decimalSchema(z.number().int().min(5).max(100)).default(10),
  search: textSchema().trim().max(200).default(''),
  locale: z.enum(LOCALES).optional(),
  sortField: z.enum(ACCOUNT_SORT_FIELDS).default('createdAt'),
  sortOrder: z
    .preprocess(
      (order) => (typeof order === 'string' ? Number(order) : order),
      z.union([z.literal(1), z.literal(-1)], { error: 'must be 1 (ascending) or -1 (descending)' }),
    )
    .default(-1),
});
export type AccountListQuery = z.input<typeof accountListQuerySchema>;

export const accountPageSchema = z.object({ items: z.array(accountSchema), total: z.number() });
export type AccountPage = z.infer<typeof accountPageSchema>;

/** Moving accounts to a church (admins): the accounts' ids, and the church's. */
export const moveAccountsSchema = z.object({
  ids: z
    .array(z.string().max(100), { error: m.moveNoAccounts })
    .min(1, m.moveNoAccounts)
    .max(MAX_ACCOUNTS_MOVED, m.moveTooManyAccounts),
  churchId: textSchema({ error: m.churchRequired }).trim().min(1, m.churchRequired),
});
export type MoveAccountsRequest = z.input<typeof moveAccountsSchema>;

export const movedAccountsSchema = z.object({ message: z.string(), moved: z.number() });
export type MovedAccounts = z.infer<typeof movedAccountsSchema>;

/** What a move did: "3 accounts moved to Grace Chapel (Ghana)." */
export const accountsMovedMessage = (moved: number, church: { name: string; country: string }) =>
  coded(
    'accounts.moved',
    { count: moved, church: church.name, country: church.country },
    `${moved} ${moved === 1 ? 'account' : 'accounts'} moved to ${church.name} (${church.country}).`,
  );
