import { PublicKey } from '@solana/web3.js';
import { useState } from 'react';
import { ASSETS_SCREEN } from '../../common/texts';
import { lazyPart } from '../shell/lazyPart';
import './landing.css';

// The check's lists and estimate load when an address is first checked, not with the page.
const ReadOnlyCheck = lazyPart(
  async () => (await import(/* webpackChunkName: "read-only-check" */ './ReadOnlyCheck')).ReadOnlyCheck,
);

function parseAddress(text: string): string | null {
  try {
    return new PublicKey(text.trim()).toBase58();
  } catch {
    return null;
  }
}

/** What SolBack does, what it costs, that keys stay in the wallet — and a read-only check of any address. */
export function Landing() {
  const [text, setText] = useState('');
  const [address, setAddress] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
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
          setInvalid(parsed === null);
          setAddress(parsed);
        }}
      >
        <label htmlFor="check-address">{ASSETS_SCREEN.checkTitle}</label>
        <div className="landing-check-row">
          <input
            id="check-address"
            className="tools-search"
            value={text}
            placeholder={ASSETS_SCREEN.checkPlaceholder}
            onChange={(e) => setText(e.target.value)}
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
      {address && <ReadOnlyCheck address={address} />}
    </div>
  );
}
