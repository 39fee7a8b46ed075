import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, LANGUAGE_STORAGE_KEY } from '../../shared/i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { LanguageSwitcher } from './language-switcher';

function Label() {
  const { t } = useTranslation();
  return <h1>{t('landing.startCreating')}</h1>;
}

afterEach(async () => {
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
});
