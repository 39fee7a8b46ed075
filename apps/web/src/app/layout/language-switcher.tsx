import { languageNames, languages, type Language } from '@lumen/contracts/i18n';
import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveMailLanguage } from '../../features/accounts/api/settings';
import { changeLanguage, getCurrentLanguage } from '../../shared/i18n/i18n';
import { useSession } from '../../shared/session/session-store';
import { toast } from '../../shared/ui/toast';

/** Switches this device's language and, when signed in, the one the account's e-mails use. */
async function chooseLanguage(language: Language): Promise<void> {
  await changeLanguage(language);
  if (useSession.getState().user) await saveMailLanguage(language).catch(() => undefined);
}

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  // useTranslation re-renders this on every language change, so the check mark follows.
  const { t } = useTranslation();
  const current: Language = getCurrentLanguage();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={160}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={compact ? 'md' : 'lg'}
          aria-label={t('header.language')}
        >
          <IconLanguage size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {languages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            // The page stays in its language until the new catalogue has arrived.
            onClick={() =>
              chooseLanguage(language).catch(() =>
                toast({ type: 'error', message: t('errors.network') }),
              )
            }
            rightSection={language === current ? <IconCheck size={14} /> : null}
          >
            {languageNames[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
