import { openPayDialog } from '../../../shared/session/pay-dialog-store';
import { requestForCode } from './pay-dialog-rules';

/** Registered with the api client's `setPayRequiredHandler` (spec §8 codes 2007 and 2020). */
export function openPayDialogForCode(code: number, msg: string): void {
  const request = requestForCode(code, msg);
  if (request) openPayDialog(request);
}
