import type { ErrorBody } from '@portal/contract';
import { i18n } from './i18n.ts';

/**
 * A message with its code (an API error body, a coded message) in the active locale; without one, as it is.
 * Apart from messages.ts so that the API client, on every page, does not carry the contract's message table.
 */
export function translateCoded({ message, code, params }: ErrorBody): string {
  const key = `messages.${code}`;
  return code && i18n.exists(key) ? i18n.t(key, params ?? {}) : message;
}
