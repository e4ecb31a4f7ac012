// A send step for the vacant recovery: like signingSteps' submitToServer, but a transaction the relayer pays for
// (PRODUCT difference 15) still lacks the relayer's signature when the owner has signed, so it is serialized without requiring
// every signature; the server adds the relayer's only after its own checks (backend/services/relaySubmit.ts).
import type { SendStep } from '../wallet/signing';
import { SendFailedError, SigningPathError, isAbort } from '../wallet/signingErrors';

export function submitOwnerSigned<R>(submit: (signedBase64: string[]) => Promise<R>): SendStep<R> {
  return async (signed) => {
    try {
      return await submit(signed.map((tx) => tx.serialize({ requireAllSignatures: false }).toString('base64')));
    } catch (err) {
      if (err instanceof SigningPathError || isAbort(err)) throw err;
      throw new SendFailedError(undefined, err);
    }
  };
}
