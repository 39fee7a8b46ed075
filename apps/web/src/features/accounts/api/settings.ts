import { settingsSchema, type Settings } from '@lumen/contracts/account';
import type { Language } from '@lumen/contracts/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

const settingsQueryKey = (userId: string) => ['settings', userId] as const;

/** `GET /prod-api/user/settings`. */
export function getSettings(): Promise<Settings> {
  return api.get('/prod-api/user/settings', { schema: settingsSchema });
}

/** `PUT /prod-api/user/settings` with the notices that changed. */
export function updateSettings(changes: {
  email_notices: Partial<Settings['email_notices']>;
}): Promise<Settings> {
  return api.put('/prod-api/user/settings', changes, { schema: settingsSchema });
}

/**
 * Keeps the chosen interface language on the account, so the e-mails sent later (notices,
 * billing) are written in it. Quiet: the switch itself already happened on this device.
 */
export function saveMailLanguage(language: Language): Promise<Settings> {
  return api.put('/prod-api/user/settings', { language }, { schema: settingsSchema, silent: true });
}

export function useSettings() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: settingsQueryKey(userId),
    queryFn: getSettings,
    enabled: userId !== '',
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.user?.userId ?? '');
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey(userId), settings),
  });
}
