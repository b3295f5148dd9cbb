import { ACCOUNT_MESSAGES, type CodedMessage, coded, MESSAGES } from '@portal/contract';

/**
 * The original accounts API's words for the refusals it shares with this one (docs/compatibility.md): the
 * answers' `message`, word for word, for its front ends, which show it. The `code` beside it names the portal's
 * own sentence, which the web app shows in the reader's language.
 */
export const ORIGINAL_WORDS: ReadonlyMap<string, string> = new Map([
  [ACCOUNT_MESSAGES.wrongCredentials, 'Email or password is incorrect'],
  [ACCOUNT_MESSAGES.sessionExpired, 'Invalid token'],
  [ACCOUNT_MESSAGES.tokenInvalid, 'Invalid token'],
  [ACCOUNT_MESSAGES.tokenRequired, 'Token is required'],
  [ACCOUNT_MESSAGES.verifyFailed, 'Verification failed'],
  [ACCOUNT_MESSAGES.accountNotFound, 'Account not found'],
  [MESSAGES.signInRequired, 'Unauthorized'],
]);

/** An address another account has, as the original said it: for a new account, or for a change of address. */
export const emailTaken = (email: string, change: boolean): CodedMessage =>
  coded('accounts.emailTaken', { email }, `Email "${email}" is already ${change ? 'taken' : 'registered'}`);
