import { COUNTRY_MESSAGES, countryFileSchema, MAX_COUNTRY_JSON_BYTES } from '@portal/contract';

const isJson = (file: File) => file.type === 'application/json' || file.name.toLowerCase().endsWith('.json');

/**
 * What is wrong with a country file before it is sent, with the server's own messages; undefined when it
 * would be accepted.
 */
export async function checkCountryFile(file: File): Promise<string | undefined> {
  if (!isJson(file)) return COUNTRY_MESSAGES.notJson;
  if (file.size > MAX_COUNTRY_JSON_BYTES) return COUNTRY_MESSAGES.tooLarge;
  let data: unknown;
  try {
    data = JSON.parse((await file.text()).replace(/^\uFEFF/, ''));
  } catch {
    return COUNTRY_MESSAGES.malformed;
  }
  const parsed = countryFileSchema.safeParse(data);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? COUNTRY_MESSAGES.wrongShape);
}
