import bs58 from 'bs58';
import type { ReactNode } from 'react';
import { ASSETS } from '../../../common/texts/screenTexts';
import { ASSETS_SCREEN } from '../../../common/texts/assetsScreenTexts';
import { useLanding } from './landingState';
import '../../../ui/controls.css';
import './landing.css';

/** A Solana address is 32 bytes in base58; the same text normalised, or null. (No web3.js on the landing.) */
export function parseAddress(text: string): string | null {
  try {
    const bytes = bs58.decode(text.trim());
    return bytes.length === 32 ? bs58.encode(bytes) : null;
  } catch {
    return null;
  }
}

/**
 * What SolBack does, what it costs, that keys stay in the wallet — and a read-only check of any address.
 * `check` renders the check's result; without it (the wallet app's code still on its way) a loading line shows.
 */
export function Landing({ check }: { check?: (address: string) => ReactNode }) {
  const { text, address, invalid, update } = useLanding();
  return (
    <div className="landing" data-testid="landing">
      <ul className="landing-points">
        <li>{ASSETS_SCREEN.landingWhat}</li>
        <li>{ASSETS_SCREEN.landingCost}</li>
        <li>{ASSETS_SCREEN.landingKeys}</li>
      </ul>
      <form
        className="landing-check"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseAddress(text);
          update({ address: parsed, invalid: parsed === null });
        }}
      >
        <label htmlFor="check-address">{ASSETS_SCREEN.checkTitle}</label>
        <div className="landing-check-row">
          <input
            id="check-address"
            className="tools-search"
            value={text}
            placeholder={ASSETS_SCREEN.checkPlaceholder}
            onChange={(e) => update({ text: e.target.value })}
            spellCheck={false}
            autoComplete="off"
          />
          <button type="submit" className="tools-button">
            {ASSETS_SCREEN.checkButton}
          </button>
        </div>
        {invalid && (
          <p className="connect-error" role="alert">
            {ASSETS_SCREEN.checkInvalid}
          </p>
        )}
      </form>
      {address && (check ? check(address) : <p className="page-loading">{ASSETS.loading}</p>)}
    </div>
  );
}
