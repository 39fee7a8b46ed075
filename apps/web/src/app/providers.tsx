import { TOAST_OFFSET_PX, TOAST_Z_INDEX } from '@lumen/contracts/constants';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../shared/i18n/i18n';
import notificationClasses from './notifications.module.css';
import { createQueryClient } from './query-client';
import { colorSchemeManager, theme } from './theme';

interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals so tests see the DOM at once. */
  env?: 'default' | 'test';
}

export function Providers({ children, queryClient, env = 'default' }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
        env={env}
      >
        <QueryClientProvider client={client}>
          <ModalsProvider>
            <Notifications
              position="top-center"
              zIndex={TOAST_Z_INDEX}
              classNames={{ root: notificationClasses.root }}
              style={{ '--toast-offset': `${TOAST_OFFSET_PX}px` } as CSSProperties}
            />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
