import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, LANGUAGE_STORAGE_KEY } from '../../shared/i18n/i18n';
import { useSession } from '../../shared/session/session-store';
import { createApiMock } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { signInTestUser } from '../../test/session';
import { LanguageSwitcher } from './language-switcher';

function Label() {
  const { t } = useTranslation();
  return <h1>{t('landing.startCreating')}</h1>;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, hasRefreshCredential: false });
  await changeLanguage('en');
});

describe('LanguageSwitcher', () => {
  it('switches the visible text, the html lang and remembers the choice', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <LanguageSwitcher />
        <Label />
      </>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Start creating');

    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Español' }));

    // Spanish is downloaded on demand: the text changes once its catalogue has arrived.
    expect(await screen.findByRole('heading', { name: 'Empieza a crear' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');

    await user.click(screen.getByRole('button', { name: 'Idioma' }));
    await user.click(await screen.findByRole('menuitem', { name: '日本語' }));
    expect(await screen.findByRole('heading', { name: '作成を始める' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ja');
  });

  it("keeps a signed-in user's choice on the account, for the e-mails sent to them", async () => {
    const api = createApiMock();
    vi.stubGlobal('fetch', api.fetchMock);
    api.on('PUT', '/prod-api/user/settings', {
      result: {
        email_notices: {
          comments: true,
          likes: true,
          follows: true,
          official: true,
          marketing: false,
        },
        language: 'zh',
      },
    });
    signInTestUser();
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitcher />);

    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitem', { name: '中文' }));

    await waitFor(() =>
      expect(api.requests('PUT', '/prod-api/user/settings').map((r) => r.body)).toEqual([
        { language: 'zh' },
      ]),
    );
    expect(document.documentElement.lang).toBe('zh');
  });
});
