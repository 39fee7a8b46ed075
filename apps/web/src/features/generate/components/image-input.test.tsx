import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { taskImageRules } from '../upload-image';
import { ImageInput, type PickedImage } from './image-input';

const MB = 1024 * 1024;

/** A paste at `target`, as the browser fires it for a copied picture or a screenshot. */
function paste(target: Element, files: File[], types = ['Files']) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: { files, types } });
  target.dispatchEvent(event);
  return event;
}
let pixels = { width: 1024, height: 768 };

/** jsdom decodes no images: this one "loads" with the size the test sets. */
class FakeImage {
  naturalWidth = 0;
  naturalHeight = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_value: string) {
    this.naturalWidth = pixels.width;
    this.naturalHeight = pixels.height;
    queueMicrotask(() => this.onload?.());
  }
}

function png(size = MB, name = 'photo.png', type = 'image/png'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

let api: ReturnType<typeof createApiMock>;
const onChange = vi.fn<(value: PickedImage | null) => void>();

function Harness({ label = 'Reference image' }: { label?: string }) {
  const [value, setValue] = useState<PickedImage | null>(null);
  return (
    <ImageInput
      label={label}
      rules={taskImageRules}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

beforeEach(() => {
  pixels = { width: 1024, height: 768 };
  onChange.mockReset();
  api = createApiMock();
  api.on('POST', '/prod-api/content/uploads', {
    result: { key: 'uploads/7/x.png', upload_url: '/files/upload/x?sig=1', expires_in: 600 },
  });
  api.on('POST', '/prod-api/content/uploads/complete', {
    result: { key: 'uploads/7/x.png', mime: 'image/png', width: 1024, height: 768, size: MB },
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'PUT' ? Promise.resolve(new Response(null)) : api.fetchMock(input, init),
  );
  vi.stubGlobal('Image', FakeImage);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  useSession.setState({
    user: {
      userId: '7',
      username: 'ada',
      nickname: 'Ada',
      avatar: '',
      isAdmin: false,
      menuList: [],
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, loginOpen: false });
});

describe('ImageInput', () => {
  it.each([
    ['a gif', png(MB, 'anim.gif', 'image/gif'), 'Invalid image format (png/jpg only)'],
    ['a 6 MB png', png(6 * MB), 'Image over 5 MB'],
  ])('refuses %s before uploading', async (_name, file, message) => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<Harness />);
    await user.upload(screen.getByLabelText('Reference image'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.requests('POST', '/prod-api/content/uploads')).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it.each([
    [{ width: 280, height: 900 }, 'width and height must be at least 300 px'],
    [{ width: 1200, height: 400 }, 'the aspect ratio must be between 1:2.5 and 2.5:1'],
  ])('refuses a %o image with the spec message', async (size, message) => {
    pixels = size;
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.upload(screen.getByLabelText('Reference image'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Selected image does not meet requirements: ${message}`,
    );
    expect(api.requests('POST', '/prod-api/content/uploads')).toHaveLength(0);
  });

  it('uploads a good image and shows its preview with a remove button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.upload(screen.getByLabelText('Reference image'), png());
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({
        key: 'uploads/7/x.png',
        width: 1024,
        height: 768,
        previewUrl: 'blob:preview',
      }),
    );
    expect(screen.getByRole('img', { name: 'Reference image' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Reference image' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('says when an upload starts and ends, and when it goes away mid-upload', async () => {
    const onBusyChange = vi.fn<(busy: boolean) => void>();
    let finishPut = () => undefined as void;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT'
        ? new Promise<Response>((resolve) => {
            finishPut = () => resolve(new Response(null));
          })
        : api.fetchMock(input, init),
    );
    const user = userEvent.setup();
    const view = renderWithProviders(
      <ImageInput
        label="Reference image"
        rules={taskImageRules}
        value={null}
        onChange={onChange}
        onBusyChange={onBusyChange}
      />,
    );
    await user.upload(screen.getByLabelText('Reference image'), png());
    await waitFor(() => expect(onBusyChange.mock.calls).toEqual([[true]]));
    finishPut();
    await waitFor(() => expect(onBusyChange.mock.calls).toEqual([[true], [false]]));

    // Picked again, then gone (the page switched modes) before the upload ended.
    await user.upload(screen.getByLabelText('Reference image'), png());
    await waitFor(() => expect(onBusyChange.mock.calls).toHaveLength(3));
    view.unmount();
    expect(onBusyChange.mock.calls).toEqual([[true], [false], [true], [false]]);
  });

  it('shows the server’s reason when it refuses the file', async () => {
    api.on('POST', '/prod-api/content/uploads/complete', {
      code: 1001,
      msg: 'Selected image does not meet requirements: width and height must be at least 300 px',
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.upload(screen.getByLabelText('Reference image'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('at least 300 px');
  });

  it('asks visitors to sign in instead of opening the file picker', async () => {
    useSession.setState({ user: null });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: /Click, drop or paste an image/ }));
    expect(useSession.getState().loginOpen).toBe(true);
  });

  it('takes a pasted picture into the first empty input, then the next, then no more', async () => {
    renderWithProviders(
      <>
        <textarea aria-label="Prompt" />
        <Harness label="First frame" />
        <Harness label="Last frame" />
      </>,
    );
    const uploads = () => api.requests('POST', '/prod-api/content/uploads');

    // Text pasted with a picture (copied from a web page) into the prompt stays the prompt's.
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    expect(paste(prompt, [png()], ['text/plain', 'Files']).defaultPrevented).toBe(false);
    // A paste without a picture is not ours either.
    expect(paste(document.body, [], ['text/plain']).defaultPrevented).toBe(false);
    expect(uploads()).toHaveLength(0);

    expect(paste(prompt, [png()]).defaultPrevented).toBe(true);
    expect(await screen.findByRole('img', { name: 'First frame' })).toBeInTheDocument();
    await waitFor(() => expect(uploads()).toHaveLength(1));

    expect(paste(document.body, [png(MB, 'shot.jpg', 'image/jpeg')]).defaultPrevented).toBe(true);
    expect(await screen.findByRole('img', { name: 'Last frame' })).toBeInTheDocument();
    await waitFor(() => expect(uploads()).toHaveLength(2));

    // Both hold one: a third paste replaces neither.
    expect(paste(document.body, [png()]).defaultPrevented).toBe(false);
    expect(uploads()).toHaveLength(2);
  });

  it('replaces the picture of a single input with a pasted one, checked like any other', async () => {
    renderWithProviders(<Harness />);
    paste(document.body, [png()]);
    expect(await screen.findByRole('img', { name: 'Reference image' })).toBeInTheDocument();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));

    paste(document.body, [png(6 * MB)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Image over 5 MB');
    expect(api.requests('POST', '/prod-api/content/uploads')).toHaveLength(1);
  });
});
