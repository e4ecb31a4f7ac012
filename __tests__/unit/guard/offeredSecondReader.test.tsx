// The second chain reader the server offers (PUBLIC_SECOND_READER in /api/config, PRODUCT difference 10): the guard
// reads it beside this server unless the user chose a reader of their own or turned it off in the settings field;
// the confirm step says plainly when only this server's reading checked. The browser test with a lying server is
// e2e/secondReaderOffered.test.ts.
import { act, screen } from '@testing-library/react';
import { configApi } from '../../../src/api/configApi';
import type { ConfigResponse } from '../../../src/common/api';
import { CHAIN_GUARD, SECOND_READER } from '../../../src/common/texts';
import { SecondReaderSettings } from '../../../src/features/wallet/guard/SecondReaderSettings';
import { SolChangeNotice } from '../../../src/features/wallet/guard/SolChangeNotice';
import { solChangeSimulated } from '../../../src/features/wallet/guard/guardSlice';
import {
  guardReader,
  saveSecondReader,
  clearSecondReader,
} from '../../../src/features/wallet/guard/secondReaderSetting';
import { renderWithProviders } from '../../support/renderWithProviders';

const OFFERED = 'https://api.mainnet-beta.solana.com/';
const ORIGIN = 'https://api.mainnet-beta.solana.com';
// The guard's own reader wraps this connection; nothing here reads through it.
const connection = { getMultipleAccountsInfo: jest.fn(), simulateTransaction: jest.fn() };

const config: ConfigResponse = {
  success: true,
  quicknodeRpcUrl: 'http://localhost/api/rpc',
  localnet: false,
  trashWallet: 'trash',
  feeWallet: 'fee',
  delegate: null,
  publicSecondReader: OFFERED,
};

beforeEach(() => {
  window.localStorage.clear();
  clearSecondReader();
});

describe('which second reader the guard reads', () => {
  it('the offered one when the user has none; none when the server offers none', () => {
    expect(guardReader(connection, OFFERED).secondReader).toBe(ORIGIN);
    expect(guardReader(connection, null).secondReader).toBeNull();
    expect(guardReader(connection, undefined).secondReader).toBeNull();
  });
  it('the user’s own before the offered one', () => {
    expect(saveSecondReader('https://rpc.example/key')).toBe(true);
    expect(guardReader(connection, OFFERED).secondReader).toBe('https://rpc.example');
  });
  it('never an offered address the page may not reach (not https, or with a user name)', () => {
    expect(guardReader(connection, 'http://rpc.example').secondReader).toBeNull();
    expect(guardReader(connection, 'https://u:p@rpc.example').secondReader).toBeNull();
  });
});

describe('the settings field with an offered reader', () => {
  function renderSettings() {
    const r = renderWithProviders(<SecondReaderSettings reload={() => {}} />);
    act(() => {
      void r.store.dispatch(configApi.util.upsertQueryData('getConfig', undefined, config));
    });
    return r;
  }

  it('says it is in use; turned off, says only this server checks and the guard reads it alone; on again', async () => {
    const { user } = renderSettings();
    const status = await screen.findByText(SECOND_READER.offered(ORIGIN));
    expect(status).toHaveAttribute('data-testid', 'second-reader-status');
    await user.click(screen.getByRole('button', { name: SECOND_READER.clear }));
    expect(screen.getByTestId('second-reader-status')).toHaveTextContent(SECOND_READER.offeredOff(ORIGIN));
    expect(guardReader(connection, OFFERED).secondReader).toBeNull();
    await user.click(screen.getByRole('button', { name: SECOND_READER.turnOnOffered(ORIGIN) }));
    expect(screen.getByTestId('second-reader-status')).toHaveTextContent(SECOND_READER.offered(ORIGIN));
    expect(guardReader(connection, OFFERED).secondReader).toBe(ORIGIN);
  });
});

describe('the confirm step', () => {
  it('says when only this server’s reading checked the transactions, and not when a second reader did', () => {
    const { store } = renderWithProviders(<SolChangeNotice active />);
    act(() => {
      store.dispatch(solChangeSimulated(2_039_280, false));
    });
    expect(screen.getByTestId('sol-change')).toHaveTextContent(CHAIN_GUARD.solChange('+0.00203928'));
    expect(screen.getByTestId('one-reader')).toHaveTextContent(CHAIN_GUARD.oneReader);
    act(() => {
      store.dispatch(solChangeSimulated(2_039_280, true));
    });
    expect(screen.queryByTestId('one-reader')).toBeNull();
  });
});
