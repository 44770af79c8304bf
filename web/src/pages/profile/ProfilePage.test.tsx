import type { Profile } from '@hs/api/domain/profile/profile-schema';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../test-support/api-stub';
import { ApiError } from '../../api/api-client';
import { uploadForm, type UploadOptions } from '../../api/upload';
import { ProfilePage } from './ProfilePage';

// XMLHttpRequest is the network edge of uploads; the module around it is the easier stand-in.
vi.mock('../../api/upload', () => ({ uploadForm: vi.fn() }));
const uploadMock = vi.mocked(uploadForm);

const api = createApiStub();
const createObjectURL = vi.fn<(blob: Blob) => string>();
const revokeObjectURL = vi.fn<(url: string) => void>();
// jsdom lays nothing out, so has no scrollIntoView: the calls are what can be seen of it here.
const scrollIntoView = vi.fn<(options?: boolean | ScrollIntoViewOptions) => void>();

const TOKEN = 'token-123';

const ada: Profile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: '',
  email: 'ada@example.com',
  phone: '416-555-0100',
  address: '1 King St W',
  city: 'Toronto',
  state: 'ON',
  zipCode: 'M5H 1A1',
  country: 'Canada',
  dob: '1990-12-10',
  bio: 'I like tidy gardens.',
  profilePicture: '',
  hasPassword: true,
};

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

function calls(): Call[] {
  return api.fetch.mock.calls.map(([input, init]) => ({
    url: input instanceof Request ? input.url : String(input),
    method: init?.method ?? 'GET',
    authorization: new Headers(init?.headers).get('Authorization'),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  }));
}

/** The API as far as this page uses it; `profile` is what GET answers. */
function serve(profile: Profile, overrides: Partial<Record<string, () => Response>> = {}) {
  let current = profile;
  api.fetch.mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? 'GET';
    const override = overrides[`${method} ${url}`];
    if (override) return Promise.resolve(override());
    if (url === '/api/me/profile' && method === 'GET') {
      return Promise.resolve(jsonResponse(200, { profile: current }));
    }
    if (url === '/api/me/profile' && method === 'PUT' && typeof init?.body === 'string') {
      current = { ...current, ...(JSON.parse(init.body) as Partial<Profile>) };
      return Promise.resolve(
        jsonResponse(200, { profile: current, message: 'Profile updated successfully!' }),
      );
    }
    if (url.startsWith('/api/me/avatar') && method === 'GET') {
      return Promise.resolve(
        // A string body: jsdom's Blob is not one Node's Response can read.
        new Response('png', {
          status: 200,
          headers: { 'Content-Type': 'image/png' },
        }),
      );
    }
    if (url === '/api/me/avatar' && method === 'DELETE') {
      return Promise.resolve(jsonResponse(200, { profilePicture: '' }));
    }
    return Promise.resolve(jsonResponse(404, { error: 'Not found' }));
  });
}

beforeEach(() => {
  api.install();
  // jsdom has no blob: URLs.
  let next = 0;
  createObjectURL.mockImplementation(() => `blob:picture-${String((next += 1))}`);
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  cleanup();
  api.reset();
  uploadMock.mockReset();
  createObjectURL.mockReset();
  revokeObjectURL.mockReset();
  scrollIntoView.mockReset();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function signIn() {
  window.localStorage.setItem('authToken', TOKEN);
  window.localStorage.setItem('username', 'Ada');
}

function renderPage() {
  renderWithQueryClient(
    <MemoryRouter>
      <ProfilePage />
    </MemoryRouter>,
  );
}

const field = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label);

async function renderLoaded(profile: Profile = ada) {
  signIn();
  serve(profile);
  renderPage();
  await screen.findByRole('form', { name: 'Your details' });
}

function submitForm() {
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
}

describe('ProfilePage (docs/product.md sections 2 to 5)', () => {
  it('asks a visitor to log in, under the page heading, without calling the API', () => {
    renderPage();
    screen.getByRole('heading', { level: 1, name: 'Profile Settings' });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Please log in to see and change your profile.');
    const link = within(notice).getByRole('link', { name: 'Log in or sign up' });
    expect(link.getAttribute('href')).toBe('/signup/register');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('loads the profile with the token, fills the form and caches it as userData', async () => {
    await renderLoaded();
    expect(field(/First name/).value).toBe('Ada');
    expect(field(/Email/).value).toBe('ada@example.com');
    expect(field('Postal or ZIP code').value).toBe('M5H 1A1');
    expect(field('Date of birth').type).toBe('date');
    expect(field('Date of birth').value).toBe('1990-12-10');
    expect(screen.getByLabelText<HTMLTextAreaElement>('About').value).toBe('I like tidy gardens.');
    expect(calls()[0]).toMatchObject({
      url: '/api/me/profile',
      method: 'GET',
      authorization: `Bearer ${TOKEN}`,
    });
    // The cache is written by an effect after the form renders: on a busy machine, a moment later.
    await waitFor(() => {
      expect(JSON.parse(window.localStorage.getItem('userData') ?? 'null')).toEqual(ada);
    });
    screen.getByText('No photo yet');
  });

  it('shows the domain’s field errors and sends nothing', async () => {
    await renderLoaded();
    fireEvent.change(field(/First name/), { target: { value: '  ' } });
    fireEvent.change(field(/Email/), { target: { value: 'not-an-email' } });
    fireEvent.change(field('Phone'), { target: { value: 'call me' } });
    submitForm();

    expect(screen.getByRole('alert').textContent).toBe('Please correct the fields marked above.');
    expect(field(/First name/).getAttribute('aria-invalid')).toBe('true');
    screen.getByText('First name is required.');
    screen.getByText('Please enter a valid phone number.');
    const errorId = field('Phone').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe(
      'Please enter a valid phone number.',
    );
    expect(field(/Email/).getAttribute('aria-invalid')).toBe('true');
    expect(field('City').getAttribute('aria-invalid')).toBe('false');
    expect(document.activeElement).toBe(field(/First name/));
    expect(calls().filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('saves, says so, and makes the saved values the ones Cancel returns to', async () => {
    await renderLoaded();
    fireEvent.change(field('City'), { target: { value: ' Mississauga ' } });
    fireEvent.change(screen.getByLabelText('About'), { target: { value: 'New bio' } });
    submitForm();

    expect((await screen.findByRole('status')).textContent).toBe('Profile updated successfully!');
    const put = calls().find((call) => call.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/me/profile', authorization: `Bearer ${TOKEN}` });
    expect(put?.body).toMatchObject({ city: 'Mississauga', bio: 'New bio', firstName: 'Ada' });
    expect(put?.body).not.toHaveProperty('profilePicture');
    expect(field('City').value).toBe('Mississauga');
    expect(JSON.parse(window.localStorage.getItem('userData') ?? 'null')).toMatchObject({
      city: 'Mississauga',
      bio: 'New bio',
    });

    fireEvent.change(field('City'), { target: { value: 'Oakville' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('City').value).toBe('Mississauga');
  });

  it('offers the company for invoices under the name, optional, and saves it trimmed', async () => {
    await renderLoaded();
    const company = field('Company (for invoices)');
    expect(company.value).toBe('');
    expect(company.getAttribute('autocomplete')).toBe('organization');
    expect(company.required).toBe(false);
    expect(company.maxLength).toBe(100);
    const form = screen.getByRole('form', { name: 'Your details' });
    const names = [...form.querySelectorAll('input')].map((input) => input.name);
    expect(names.slice(0, 3)).toEqual(['firstName', 'lastName', 'company']);

    fireEvent.change(company, { target: { value: '  Analytical Engines Ltd. ' } });
    submitForm();
    expect((await screen.findByRole('status')).textContent).toBe('Profile updated successfully!');
    const put = calls().find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ company: 'Analytical Engines Ltd.', firstName: 'Ada' });
    expect(field('Company (for invoices)').value).toBe('Analytical Engines Ltd.');
  });

  it('shows a saved company, and refuses one over 100 characters before sending', async () => {
    await renderLoaded({ ...ada, company: 'Analytical Engines Ltd.' });
    const company = field('Company (for invoices)');
    expect(company.value).toBe('Analytical Engines Ltd.');
    fireEvent.change(company, { target: { value: 'c'.repeat(101) } });
    submitForm();
    screen.getByText('Company must be at most 100 characters.');
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(company);
    expect(calls().filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('says it saved beside the button pressed, which keeps the focus, brought into view', async () => {
    await renderLoaded();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    save.focus();
    fireEvent.change(field('City'), { target: { value: 'Oakville' } });
    fireEvent.click(save);

    // While it saves the button says so, and stays focusable: a disabled button would drop the
    // focus to the page's start, and a keyboard user with it.
    const saving = screen.getByRole('button', { name: 'Saving…' });
    expect(saving).toBe(save);
    expect(save.hasAttribute('disabled')).toBe(false);
    expect(save.getAttribute('aria-disabled')).toBe('true');
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Profile updated successfully!');
    expect(document.activeElement).toBe(save);
    expect(save.getAttribute('aria-disabled')).toBeNull();
    // After the buttons in the page's order: where the eyes are when the button is pressed.
    const buttons = save.closest('.button-row');
    expect(buttons?.compareDocumentPosition(status)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(scrollIntoView.mock.contexts.some((box) => (box as Element).contains(status))).toBe(
      true,
    );
  });

  it('sends one save however often the button is pressed while it saves', async () => {
    await renderLoaded();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    fireEvent.click(save);
    fireEvent.click(save);
    await screen.findByRole('status');
    expect(calls().filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('Cancel restores the loaded values and clears the errors', async () => {
    await renderLoaded();
    fireEvent.change(field(/First name/), { target: { value: '' } });
    fireEvent.change(field('Country'), { target: { value: 'France' } });
    submitForm();
    screen.getByText('First name is required.');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field(/First name/).value).toBe('Ada');
    expect(field('Country').value).toBe('Canada');
    expect(screen.queryByText('First name is required.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal of the server next to its field', async () => {
    signIn();
    serve(ada, {
      'PUT /api/me/profile': () =>
        jsonResponse(403, {
          error: 'Your current password is not correct.',
          fields: { currentPassword: 'Your current password is not correct.' },
        }),
    });
    renderPage();
    await screen.findByRole('form', { name: 'Your details' });
    fireEvent.change(field(/Email/), { target: { value: 'new@example.com' } });
    fireEvent.change(field(/Current password/), { target: { value: 'a wrong guess' } });
    submitForm();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your current password is not correct.',
    );
    expect(field(/Current password/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(/Current password/));
    expect(field(/Email/).value).toBe('new@example.com');
  });

  it('asks for the current password only when the email changes, and shows what the server says', async () => {
    signIn();
    serve(ada, {
      'PUT /api/me/profile': () =>
        jsonResponse(200, {
          profile: { ...ada, city: 'Oakville' },
          message: 'Check your new address for a link to confirm it.',
        }),
    });
    renderPage();
    await screen.findByRole('form', { name: 'Your details' });
    expect(screen.queryByLabelText(/Current password/)).toBeNull();

    fireEvent.change(field(/Email/), { target: { value: 'ada@newmail.example' } });
    fireEvent.change(field('City'), { target: { value: 'Oakville' } });
    expect(field(/Current password/).type).toBe('password');
    expect(field(/Current password/).autocomplete).toBe('current-password');
    submitForm();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the fields marked above.');
    screen.getByText('Please enter your current password to change your email address.');
    expect(calls().filter((call) => call.method === 'PUT')).toHaveLength(0);

    fireEvent.change(field(/Current password/), { target: { value: 'my password 42' } });
    submitForm();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Check your new address for a link to confirm it.',
    );
    expect(calls().find((call) => call.method === 'PUT')?.body).toMatchObject({
      email: 'ada@newmail.example',
      currentPassword: 'my password 42',
      city: 'Oakville',
    });
    // The address stays the old one until the link is followed.
    expect(field(/Email/).value).toBe('ada@example.com');
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    expect(JSON.stringify(window.localStorage)).not.toContain('my password 42');
  });

  it('tells an account without a password to sign in with Google again to change its email', async () => {
    signIn();
    serve(
      { ...ada, hasPassword: false },
      {
        'PUT /api/me/profile': () =>
          jsonResponse(403, {
            error:
              'To change your email, sign in with Google again, then save your new email within 10 minutes.',
            fields: {
              email:
                'To change your email, sign in with Google again, then save your new email within 10 minutes.',
            },
          }),
      },
    );
    renderPage();
    await screen.findByRole('form', { name: 'Your details' });
    fireEvent.change(field(/Email/), { target: { value: 'ada@newmail.example' } });
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    expect(screen.getByText(/sign in with Google again/).textContent).toContain('10 minutes');
    submitForm();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'To change your email, sign in with Google again, then save your new email within 10 minutes.',
    );
    expect(calls().find((call) => call.method === 'PUT')?.body).not.toHaveProperty(
      'currentPassword',
    );
  });

  it('asks to log in again after a 401, leaving storage as it is', async () => {
    signIn();
    serve(ada, {
      'GET /api/me/profile': () =>
        jsonResponse(401, { error: 'Your session has ended. Please log in again.' }),
    });
    renderPage();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Your session has ended. Please log in again.');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/signup/register');
    expect(window.localStorage.getItem('authToken')).toBe(TOKEN);
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    signIn();
    serve(ada, { 'GET /api/me/profile': () => jsonResponse(503, { error: 'Down for a moment.' }) });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Down for a moment.');

    serve(ada);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('form', { name: 'Your details' });
  });

  it('shows the saved photo through a blob: URL fetched with the token', async () => {
    await renderLoaded({ ...ada, profilePicture: '/api/me/avatar?v=abc' });
    const image = await screen.findByRole<HTMLImageElement>('img', { name: 'Your profile photo' });
    expect(image.getAttribute('src')).toBe('blob:picture-1');
    expect(calls().find((call) => call.url.startsWith('/api/me/avatar'))).toMatchObject({
      url: '/api/me/avatar?v=abc',
      authorization: `Bearer ${TOKEN}`,
    });
  });
});

describe('ProfilePage photo', () => {
  const chooser = () => screen.getByLabelText<HTMLInputElement>('Choose a new photo');
  const choose = (file: File) => {
    fireEvent.change(chooser(), { target: { files: [file] } });
  };

  it('accepts images only', async () => {
    await renderLoaded();
    expect(chooser().type).toBe('file');
    expect(chooser().accept).toBe('image/jpeg,image/png,image/webp');

    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Profile pictures must be JPEG, PNG or WebP images.',
    );
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('refuses a picture over 2 MB before sending it', async () => {
    await renderLoaded();
    choose(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe('Profile pictures must be 2 MB or smaller.');
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('previews the photo, shows the real upload progress and keeps the new picture', async () => {
    let finish: (value: unknown) => void = () => undefined;
    let options: UploadOptions = {};
    uploadMock.mockImplementation((_path, _form, given) => {
      options = given ?? {};
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    await renderLoaded();
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await act(async () => {
      choose(file);
      await Promise.resolve();
    });

    expect(uploadMock).toHaveBeenCalledTimes(1);
    const [path, form] = uploadMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/me/avatar');
    expect(form?.get('avatar')).toBe(file);
    expect(options).toMatchObject({ method: 'PUT', token: TOKEN });
    expect(screen.getByRole('img', { name: 'Your new photo' }).getAttribute('src')).toBe(
      'blob:picture-1',
    );

    act(() => {
      options.onProgress?.(0.4);
    });
    const bar = screen.getByRole<HTMLProgressElement>('progressbar', {
      name: 'Uploading your photo',
    });
    expect(bar.value).toBe(0.4);
    screen.getByText('40%', { selector: 'span' });

    await act(async () => {
      finish({ profilePicture: '/api/me/avatar?v=new' });
      await Promise.resolve();
    });
    expect((await screen.findByRole('status')).textContent).toBe('Your photo has been updated.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    // What was just uploaded is shown from memory, not downloaded again.
    expect(screen.getByRole('img', { name: 'Your profile photo' }).getAttribute('src')).toBe(
      'blob:picture-1',
    );
    expect(calls().some((call) => call.url.startsWith('/api/me/avatar'))).toBe(false);
    expect(JSON.parse(window.localStorage.getItem('userData') ?? 'null')).toMatchObject({
      profilePicture: '/api/me/avatar?v=new',
    });
    screen.getByRole('button', { name: 'Remove photo' });
  });

  it('drops the preview and shows the refusal when the upload fails', async () => {
    uploadMock.mockRejectedValue(
      new ApiError('Profile pictures must be JPEG, PNG or WebP images.', 415, {
        avatar: 'Profile pictures must be JPEG, PNG or WebP images.',
      }),
    );
    await renderLoaded();
    choose(new File(['not really'], 'fake.png', { type: 'image/png' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Profile pictures must be JPEG, PNG or WebP images.',
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:picture-1');
  });

  it('removes the photo', async () => {
    await renderLoaded({ ...ada, profilePicture: '/api/me/avatar?v=abc' });
    await screen.findByRole('img', { name: 'Your profile photo' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));

    expect((await screen.findByRole('status')).textContent).toBe('Your photo has been removed.');
    expect(calls().find((call) => call.method === 'DELETE')).toMatchObject({
      url: '/api/me/avatar',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(screen.queryByRole('img')).toBeNull();
    screen.getByText('No photo yet');
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    await waitFor(() => {
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:picture-1');
    });
  });
});
