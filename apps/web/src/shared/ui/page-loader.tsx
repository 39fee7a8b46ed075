import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Holds a page's place inside the layout while its code or its texts download. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" mih={160}>
      <Loader size="sm" aria-label={t('common.loading')} />
    </Center>
  );
}
