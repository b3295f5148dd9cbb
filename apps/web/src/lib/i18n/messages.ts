import { type CodedMessage, type ErrorBody, MESSAGE_CODES } from '@portal/contract';
import { translateCoded } from './coded.ts';

/**
 * A message of the contract or the API in the active locale: by its code when it has one, else by its English
 * words (a contract schema's message in a form); anything else as it is.
 */
export function translateMessage(message: string | CodedMessage | ErrorBody): string {
  if (typeof message !== 'string') return translateCoded(message);
  return translateCoded({ message, code: MESSAGE_CODES.get(message) });
}
