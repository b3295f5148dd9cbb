import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '../../../lib/session/session-store.ts';
import { edition } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { session } from '../../../testing/session.ts';
import { UploadDialog } from './upload-dialog.tsx';

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

/** The portal's books, languages and files, and the uploads it took (their file names). */
function portal({ languages = ['English', 'French'], files = [edition()] } = {}) {
  const uploads: string[] = [];
  const added: string[] = [];
  server.use(
    http.get('/api/books', () =>
      HttpResponse.json([
        { id: 'b1', name: 'Teevo' },
        { id: 'b2', name: 'Take5' },
      ]),
    ),
    http.get('/api/languages', () =>
      HttpResponse.json([...languages, ...added].map((name, i) => ({ id: `l${i}`, name }))),
    ),
    http.get('/api/files', () => HttpResponse.json(files)),
    http.post('/api/languages', async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      added.push(name);
      return HttpResponse.json({ id: 'new', name }, { status: 201 });
    }),
    // The second upload of a test is refused.
    http.post('/api/files', () => {
      uploads.push(`upload ${uploads.length + 1}`);
      return uploads.length === 2
        ? HttpResponse.json({ message: 'The file is not a PDF.' }, { status: 400 })
        : HttpResponse.json(edition(), { status: 201 });
    }),
    // The provider makes sure of the session first.
    http.post('/api/accounts/refresh-token', () => HttpResponse.json(session('token', { role: 'Admin' }))),
  );
  return { uploads, added };
}

/** The list item of one chosen file. */
const row = (name: string) => {
  const item = screen.getByText(name).closest('li');
  if (!item) throw new Error(`no row for ${name}`);
  return within(item);
};

const choose = async (files: File[]) =>
  fireEvent.change(await screen.findByLabelText('PDF files'), { target: { files } });

/** The dialog, once the portal's books, languages and files are known, as the page that opens it has them. */
async function openDialog() {
  const rendered = renderWithApp(<UploadDialog onHide={vi.fn()} />);
  await screen.findByLabelText('PDF files');
  await waitFor(() => expect(rendered.queryClient.isFetching()).toBe(0));
  return rendered;
}

/** Whether the row's fields show the value (a dropdown shows it twice: for the eye and for a screen reader). */
const shows = (name: string, value: string) => row(name).queryAllByText(value).length > 0;

beforeEach(() => startSession(session('token', { role: 'Admin' })));
afterEach(() => endSession('signed-out'));

describe('UploadDialog', () => {
  it('adds a row per PDF chosen, its fields read from its name, and says which files were left out', async () => {
    portal();
    await openDialog();
    await choose([pdf('Teevo_English_2026_04.pdf'), new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(await screen.findByText('Teevo_English_2026_04.pdf')).toBeTruthy();
    expect(screen.queryByText('notes.txt', { selector: '.upload-file *' })).toBeNull();
    expect(await screen.findByText('Not added')).toBeTruthy();
    expect(screen.getByText(/notes\.txt:/)).toBeTruthy();
    for (const value of ['Teevo', 'English', '2026', 'April']) {
      expect([value, shows('Teevo_English_2026_04.pdf', value)]).toEqual([value, true]);
    }
  });

  it('removes a row', async () => {
    portal();
    const { user } = await openDialog();
    await choose([pdf('Teevo_English_2026_04.pdf'), pdf('Take5_French_2026_04.pdf')]);
    await user.click(await screen.findByLabelText('Remove Teevo_English_2026_04.pdf'));
    expect(screen.queryByText('Teevo_English_2026_04.pdf')).toBeNull();
    expect(screen.getByText('Take5_French_2026_04.pdf')).toBeTruthy();
  });

  it('says which file an upload replaces, and which files of the batch are for the same edition', async () => {
    portal({ files: [edition({ name: 'Teevo_English_2026_03.pdf' })] });
    await openDialog();
    await choose([pdf('Teevo_English_2026_03.pdf'), pdf('Teevo_english_2026_march.pdf')]);
    await waitFor(() => expect(row('Teevo_English_2026_03.pdf').getByText(/replaces/i)).toBeTruthy());
    expect(
      row('Teevo_english_2026_march.pdf').getByText(/^Same edition as Teevo_English_2026_03\.pdf above/),
    ).toBeTruthy();
  });

  it('offers to add a language the portal lacks, and fills it in on every file that named it', async () => {
    const { added } = portal();
    const { user } = await openDialog();
    await choose([pdf('Teevo_Swahili_2026_04.pdf'), pdf('Take5_Swahili_2026_04.pdf')]);
    const [first] = await screen.findAllByLabelText('Add Swahili');
    await user.click(first as HTMLElement);
    await waitFor(() => expect(screen.queryByLabelText('Add Swahili')).toBeNull());
    expect(added).toEqual(['Swahili']);
    await waitFor(() => expect(shows('Teevo_Swahili_2026_04.pdf', 'Swahili')).toBe(true));
    expect(shows('Take5_Swahili_2026_04.pdf', 'Swahili')).toBe(true);
  });

  it('uploads every file whose fields are complete, keeps the others with their reason, and sums the batch up', async () => {
    const { uploads } = portal();
    const { user } = await openDialog();
    await choose([pdf('Teevo_English_2026_04.pdf'), pdf('Teevo_English.pdf'), pdf('Take5_French_2026_04.pdf')]);
    await user.click(await screen.findByLabelText('Upload'));
    expect(await screen.findByText('Partly uploaded')).toBeTruthy();
    expect(uploads).toEqual(['upload 1', 'upload 2']);
    // The summary names the file left out for its empty fields, besides its row.
    expect(screen.getAllByText(/Teevo_English\.pdf/)).toHaveLength(2);
    // The uploaded one can no longer be removed; the others can, and say why they stayed.
    expect(row('Teevo_English_2026_04.pdf').queryByLabelText(/Remove/)).toBeNull();
    expect(row('Teevo_English.pdf').getByLabelText('Remove Teevo_English.pdf')).toBeTruthy();
    expect(row('Take5_French_2026_04.pdf').getByText('The file is not a PDF.')).toBeTruthy();
  });
});
