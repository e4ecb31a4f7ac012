import type { ReactNode } from 'react';
import { ASSETS } from '../../../common/texts/screenTexts';
import { Landing } from './Landing';

/**
 * docs/PRODUCT.md#assets-screen connect prompt with the landing below it. The page shows it before the wallet app's code has arrived
 * (with a stand-in button) and the wallet app shows it with the wallet adapter's own button (docs/ARCHITECTURE.md,
 * "First view"); both render the same markup, so the swap moves nothing on screen.
 */
export function ConnectScreen({
  button,
  error,
  check,
}: {
  button: ReactNode;
  error?: ReactNode;
  check?: (address: string) => ReactNode;
}) {
  return (
    <section className="connect-screen" data-testid="connect-screen">
      <img className="connect-logo" src="/static/logo.svg" alt={ASSETS.logoAlt} width={96} height={96} />
      <h2>{ASSETS.connectHeading}</h2>
      {button}
      {error}
      <Landing check={check} />
    </section>
  );
}
