import { describe, expect, it } from 'vitest';
import { errorToast, TOAST_LIFE } from './toast.tsx';

describe('errorToast', () => {
  it('is titled Error, says the error’s message and lasts the short time unless told otherwise', () => {
    expect(errorToast(new Error('The server is busy.'))).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: 'The server is busy.',
      life: TOAST_LIFE.short,
    });
    expect(errorToast('Too large.', { summary: 'Not added', life: 'long' })).toEqual({
      severity: 'error',
      summary: 'Not added',
      detail: 'Too large.',
      life: TOAST_LIFE.long,
    });
  });
});
