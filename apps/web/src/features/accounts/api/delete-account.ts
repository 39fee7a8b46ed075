import { deleteAccountResultSchema } from '@lumen/contracts/account';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';

export type DeleteAccountResult = z.infer<typeof deleteAccountResultSchema>;

/** `POST /prod-api/user/delete`: irreversible; the server ends every session of the account. */
export function deleteAccount(phrase: string): Promise<DeleteAccountResult> {
  return api.post('/prod-api/user/delete', { phrase }, { schema: deleteAccountResultSchema });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
