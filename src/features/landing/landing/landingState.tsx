// What the landing screen holds while the wallet app's code is on its way (docs/ARCHITECTURE.md, "First view"):
// the page shows the landing before that code arrives and again inside it, so the address being typed, the address
// checked and a click on the connect button must survive the swap. One small context above both holds them.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export interface LandingState {
  /** The read-only check's input as typed. */
  text: string;
  /** The address last checked (normalised), or null. */
  address: string | null;
  /** The last submitted text was not an address. */
  invalid: boolean;
  /** The connect button was pressed before the wallet list could open: open it once it can. */
  connectPressed: boolean;
}

export interface Landing extends LandingState {
  update(change: Partial<LandingState>): void;
}

const EMPTY: LandingState = { text: '', address: null, invalid: false, connectPressed: false };
const LandingContext = createContext<Landing | null>(null);

function useLandingValue(): Landing {
  const [state, setState] = useState(EMPTY);
  return useMemo(() => ({ ...state, update: (change) => setState((s) => ({ ...s, ...change })) }), [state]);
}

export function LandingProvider({ children }: { children: ReactNode }) {
  return <LandingContext.Provider value={useLandingValue()}>{children}</LandingContext.Provider>;
}

/** The page's landing state; a landing rendered on its own (a unit test, a screen without the page) keeps its own. */
export function useLanding(): Landing {
  const own = useLandingValue();
  return useContext(LandingContext) ?? own;
}
