import { SUCCESS_CODE, SUCCESS_MSG, type Envelope } from '@lumen/contracts/envelope';

/** The success answer of every API route. */
export function ok<T>(result: T): Envelope<T> {
  return { code: SUCCESS_CODE, msg: SUCCESS_MSG, result };
}
