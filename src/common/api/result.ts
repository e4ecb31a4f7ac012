// The envelope of every `/api` answer. A failure answers `{ success: false, error }` with a 4xx/5xx status, or 200
// where the spec reads `error` from a body.

export interface ApiFailure {
  success: false;
  error: string;
}
/** Every response carries `success`; `error` is set when it is false. */
export interface ApiResult {
  success: boolean;
  error?: string;
}
