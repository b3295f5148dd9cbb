import { COUNTRY_MESSAGES, countryFileSchema, MAX_COUNTRY_JSON_BYTES } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { BadRequest, HttpError, issueMessage, receiving } from '../../errors.ts';

const isJson = (mimetype: string, filename: string) =>
  mimetype === 'application/json' || filename.toLowerCase().endsWith('.json');

/**
 * The country names of the uploaded `jsonfile` part: JSON by type or name, within the size limit,
 * parsable, and of an accepted shape. Any problem answers with a message saying what is wrong.
 */
export async function readCountryFile(request: FastifyRequest): Promise<string[]> {
  if (!request.isMultipart()) throw new BadRequest(COUNTRY_MESSAGES.noFile);
  // Not thrown by the plugin: the truncated flag below gives the size its own message.
  const part = await receiving(
    request.file({ limits: { fileSize: MAX_COUNTRY_JSON_BYTES }, throwFileSizeLimit: false }),
  );
  if (part?.fieldname !== 'jsonfile') throw new BadRequest(COUNTRY_MESSAGES.noFile);
  if (!isJson(part.mimetype, part.filename)) throw new BadRequest(COUNTRY_MESSAGES.notJson);
  const content = await receiving(part.toBuffer());
  if (part.file.truncated) throw new HttpError(413, COUNTRY_MESSAGES.tooLarge);

  let data: unknown;
  try {
    // Editors on Windows may save JSON with a byte order mark, which JSON.parse refuses.
    data = JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new BadRequest(COUNTRY_MESSAGES.malformed);
  }
  const parsed = countryFileSchema.safeParse(data);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new BadRequest(issue ? issueMessage(issue) : COUNTRY_MESSAGES.wrongShape);
  }
  return parsed.data;
}
