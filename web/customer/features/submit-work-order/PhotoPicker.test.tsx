import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '../../../../tests/support/fail-on-console-error';
import { ApiError } from '../../../shared/api/client';
import i18n from '../../i18n';
import { uploadPhoto } from './api/upload-photo';
import { renderSubmitPage, stubApi } from './test-utils';

vi.mock('./api/upload-photo', () => ({ uploadPhoto: vi.fn() }));
const upload = vi.mocked(uploadPhoto);

let api: ReturnType<typeof stubApi>;
let urls = 0;
const revoked: string[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = stubApi();
  upload.mockReset();
  revoked.length = 0;
  vi.stubGlobal('fetch', api.fetchMock);
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++urls}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => void revoked.push(url));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const photo = (name: string, size = 1000, type = 'image/jpeg') => {
  const file = new File([new Uint8Array(1)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

function renderPage() {
  renderSubmitPage();
  const user = userEvent.setup({ applyAccept: false });
  const choose = screen.getByLabelText('Choose photos');
  return { user, choose };
}

describe('Photos (optional) on Submit Request', () => {
  it('offers files and the camera, for JPEG, PNG, HEIC and WebP', () => {
    renderPage();
    expect(screen.getByRole('group', { name: 'Photos (optional)' })).toBeInTheDocument();
    const camera = screen.getByLabelText('Take a photo');
    expect(camera).toHaveAttribute('capture', 'environment');
    for (const input of [screen.getByLabelText('Choose photos'), camera]) {
      expect(input).toHaveAttribute('type', 'file');
      expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/heic,image/heif,image/webp');
    }
    expect(screen.getByLabelText('Choose photos')).toHaveAttribute('multiple');
  });

  it('previews each chosen photo; Remove takes one off and revokes its preview', async () => {
    const { user, choose } = renderPage();
    await user.upload(choose, [photo('kitchen.jpg'), photo('sink.png', 2000, 'image/png'), photo('IMG_0001.HEIC', 3000, '')]);
    const list = screen.getByRole('list', { name: 'Chosen photos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByAltText('Photo 1: kitchen.jpg')).toHaveAttribute('src', 'blob:preview-' + String(urls - 2));
    await user.click(screen.getByRole('button', { name: 'Remove photo 2 (sink.png)' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(revoked).toEqual([`blob:preview-${urls - 1}`]);
    expect(screen.getByAltText('Photo 2: IMG_0001.HEIC')).toBeInTheDocument();
  });

  it('refuses a photo over 10 MB, a file that is no photo, and a sixth photo, saying so (English and Spanish)', async () => {
    const { user, choose } = renderPage();
    await user.upload(choose, [photo('huge.jpg', 10 * 1024 * 1024 + 1)]);
    expect(screen.getByRole('alert')).toHaveTextContent('“huge.jpg” is larger than 10 MB. Choose a smaller photo.');
    expect(choose).toHaveAccessibleDescription(expect.stringContaining('is larger than 10 MB'));
    await user.upload(choose, [photo('plan.pdf', 100, 'application/pdf')]);
    expect(screen.getByRole('alert')).toHaveTextContent('“plan.pdf” is not a JPEG, PNG, HEIC or WebP photo.');
    await user.upload(
      choose,
      ['1', '2', '3', '4', '5', '6'].map((n) => photo(`p${n}.webp`, 10, 'image/webp')),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('You can add at most 5 photos.');
    expect(screen.getAllByRole('button', { name: /^Remove photo/ })).toHaveLength(5);
    expect(choose).toBeDisabled();
    await i18n.changeLanguage('es');
    expect(await screen.findByRole('alert')).toHaveTextContent('Puede añadir como máximo 5 fotos.');
    expect(screen.getByRole('group', { name: 'Fotos (opcional)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar la foto 1 (p1.webp)' })).toHaveTextContent('Quitar');
  });

  it('uploads the photos with a progress bar, then sends the order naming them, and clears the form', async () => {
    const { user, choose } = renderPage();
    let progressSeen: string | null = null;
    upload.mockImplementation(async (file, onProgress) => {
      onProgress(file.size / 2);
      await new Promise((r) => setTimeout(r, 0));
      progressSeen ??= screen.getByRole('progressbar').getAttribute('value');
      return { id: (file as File).name === 'a.jpg' ? 7 : 8, width: 10, height: 10 };
    });
    await user.type(screen.getByLabelText('Service Address'), '1 Main St');
    await user.type(screen.getByLabelText('Description of Issue'), 'Leak');
    await user.upload(choose, [photo('a.jpg', 1000), photo('b.jpg', 1000)]);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Work order submitted successfully!');
    expect(progressSeen).toBe('25');
    expect(upload).toHaveBeenCalledTimes(2);
    expect(api.posted()).toEqual([JSON.stringify({ address: '1 Main St', description: 'Leak', photoIds: [7, 8] })]);
    expect(screen.queryByRole('list', { name: 'Chosen photos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(revoked).toHaveLength(2);
  });

  it("a photo the server refuses is named, the spec's failure message stays, and a second try sends only what is left", async () => {
    const { user, choose } = renderPage();
    upload.mockResolvedValueOnce({ id: 7, width: 1, height: 1 }).mockRejectedValueOnce(new ApiError(422, 'photo_unreadable', 'x'));
    await user.type(screen.getByLabelText('Service Address'), '1 Main St');
    await user.type(screen.getByLabelText('Description of Issue'), 'Leak');
    await user.upload(choose, [photo('good.jpg'), photo('bad.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      '“bad.jpg” could not be read. Remove it or choose another one.',
      'Failed to submit work order.',
    ]);
    expect(api.posted()).toEqual([]);
    expect(takeConsoleErrors()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove photo 2 (bad.jpg)' }));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Work order submitted successfully!');
    expect(upload).toHaveBeenCalledTimes(2);
    expect(api.posted()).toEqual([expect.stringContaining('"photoIds":[7]')]);
  });
});
