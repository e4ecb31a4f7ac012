// The choice of wallet request (PRODUCT, "Which request your wallet sees"): every combination of what a wallet offers
// and what a flow needs, written out as the table a reader checks, not recomputed from the rule.
import {
  type FlowShape,
  type WalletCapabilities,
  capabilitiesOf,
  chooseSigningMode,
} from '../../../src/features/wallet/wallet/signingMode';

const WALLETS: Record<string, WalletCapabilities> = {
  sendOnly: { signAndSend: true, signOne: false, signAll: false }, // embedded, Mobile Wallet Adapter 2.0
  phantomLike: { signAndSend: true, signOne: true, signAll: true }, // both kinds of request
  sendAndSignOne: { signAndSend: true, signOne: true, signAll: false },
  signAllOnly: { signAndSend: false, signOne: true, signAll: true }, // older wallets
  signOneOnly: { signAndSend: false, signOne: true, signAll: false }, // hardware set-ups signing one at a time
  none: { signAndSend: false, signOne: false, signAll: false },
};

const FLOWS: Record<string, FlowShape> = {
  ownerOne: { cosigned: false, transactions: 1, acceptsSent: true }, // single burn, one cNFT way
  ownerMany: { cosigned: false, transactions: 7, acceptsSent: true }, // bulk burns, queue delegations, revoke
  serverOnlyOne: { cosigned: false, transactions: 1, acceptsSent: false }, // a flow that can only hand signed bytes on
  serverOnlyMany: { cosigned: false, transactions: 3, acceptsSent: false },
  cosignedOne: { cosigned: true, transactions: 1, acceptsSent: false }, // relayer-paid recovery
  cosignedMany: { cosigned: true, transactions: 4, acceptsSent: false },
};

const SEND = 'signAndSend';
const ALL = 'signOnly:all';
const EACH = 'signOnly:each';
const COSIGN = 'unsupported:cosignedNeedsSignOnly';
const NONE = 'unsupported:cannotSign';

//                      ownerOne ownerMany serverOnlyOne serverOnlyMany cosignedOne cosignedMany
const EXPECTED: Record<string, string[]> = {
  sendOnly: [SEND, SEND, NONE, NONE, COSIGN, COSIGN],
  phantomLike: [SEND, SEND, ALL, ALL, ALL, ALL],
  sendAndSignOne: [SEND, SEND, ALL, EACH, ALL, EACH],
  signAllOnly: [ALL, ALL, ALL, ALL, ALL, ALL],
  signOneOnly: [ALL, EACH, ALL, EACH, ALL, EACH],
  none: [NONE, NONE, NONE, NONE, NONE, NONE],
};

const label = (mode: ReturnType<typeof chooseSigningMode>) =>
  mode.kind === 'signAndSend'
    ? SEND
    : mode.kind === 'signOnly'
      ? mode.all
        ? ALL
        : EACH
      : `unsupported:${mode.reason}`;

const cases = Object.keys(WALLETS).flatMap((w) => Object.keys(FLOWS).map((f, i) => [w, f, EXPECTED[w][i]] as const));

it('covers every wallet kind × flow', () => {
  expect(cases).toHaveLength(Object.keys(WALLETS).length * Object.keys(FLOWS).length);
});

it.each(cases)('%s wallet, %s flow → %s', (wallet, flow, expected) => {
  expect(label(chooseSigningMode(WALLETS[wallet], FLOWS[flow]))).toBe(expected);
});

it('reads the capabilities from the wallet port the bridge fills', () => {
  const fn = async () => undefined as never;
  expect(capabilitiesOf({ publicKey: 'x', signAndSendAll: fn, signMessage: fn })).toEqual(WALLETS.sendOnly);
  expect(capabilitiesOf({ publicKey: 'x', signAndSendAll: fn, signTransaction: fn, signAllTransactions: fn })).toEqual(
    WALLETS.phantomLike,
  );
  expect(capabilitiesOf({ publicKey: 'x', signTransaction: fn })).toEqual(WALLETS.signOneOnly);
  expect(capabilitiesOf({ publicKey: null })).toEqual(WALLETS.none);
});
