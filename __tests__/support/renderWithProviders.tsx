// Renders a component with a fresh store (Redux templates' test-utils): pass `preloadedState` or a `store`,
// and `extra` to give listeners a wallet port / connection.
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PropsWithChildren, ReactElement } from 'react';
import { Provider } from 'react-redux';
import { makeStore, type AppStore, type RootState } from '../../src/app/store';
import type { AppExtra } from '../../src/app/walletPort';

interface ExtendedRenderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: Partial<RootState>;
  extra?: AppExtra;
  store?: AppStore;
}

export function renderWithProviders(ui: ReactElement, options: ExtendedRenderOptions = {}) {
  const { preloadedState, extra, store = makeStore(preloadedState, extra), ...renderOptions } = options;
  const Wrapper = ({ children }: PropsWithChildren) => <Provider store={store}>{children}</Provider>;
  return { store, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
