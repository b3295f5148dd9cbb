import { FILE_MESSAGES, tooLargeMessage, uploadFieldsSchema, withoutControlCharacters } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { BadRequest, HttpError, invalidInput, receiving } from '../../errors.ts';
import type { StagedFile, Storage } from '../../plugins/storage/types.ts';

export interface ReceivedUpload {
  staged: StagedFile;
  originalName: string;
  fields: Record<string, string>;
}

/**
 * Reads a multipart upload: the `file` part streams to a staged file (never held in memory) and the
 * other parts are collected as fields, in whatever order the client sent them.
 */
export async function receiveUpload(request: FastifyRequest, storage: Storage): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new BadRequest(FILE_MESSAGES.noFile);
  const fields: Record<string, string> = {};
  let upload: { staged: StagedFile; originalName: string } | undefined;
  const readParts = async () => {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || upload) {
        part.file.resume();
        continue;
      }
      const staged = await storage.stage(part.file);
      upload = { staged, originalName: withoutControlCharacters(part.filename ?? '') || 'edition.pdf' };
      if (part.file.truncated) throw new HttpError(413, tooLargeMessage(upload.originalName));
    }
  };
  try {
    await receiving(readParts());
  } catch (error) {
    await upload?.staged.discard();
    throw error;
  }
  if (!upload) throw new BadRequest(FILE_MESSAGES.noFile);
  return { ...upload, fields };
}

/** Validates the upload's fields; a failure discards the staged file. */
export async function parseUploadFields(upload: ReceivedUpload) {
  const parsed = uploadFieldsSchema.safeParse(upload.fields);
  if (parsed.success) return parsed.data;
  await upload.staged.discard();
  throw invalidInput(parsed.error);
}
