// An error as a flow shows it: its kind (src/chain/classifyError.ts), docs/PRODUCT.md#error-texts text for that kind
// (src/common/texts/errorTexts.ts) and the underlying detail.
import { type ErrorFlow, type ErrorKind, errorDetail, errorKind } from '../chain/classifyError';
import { errorText } from './texts';

export type { ErrorFlow, ErrorKind };

export interface ClassifiedError {
  kind: ErrorKind;
  /** The text to show, from the catalogue. */
  message: string;
  /** The underlying detail (for the technical line and logs). */
  detail: string;
}

export function classifyError(err: unknown, flow: ErrorFlow): ClassifiedError {
  const kind = errorKind(err, flow);
  const detail = errorDetail(err);
  return { kind, message: errorText(kind, flow, detail), detail };
}
