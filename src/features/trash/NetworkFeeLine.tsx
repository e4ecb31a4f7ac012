// The network fee in every cNFT modal (PRODUCT difference 18): before anything is built, the fee's parts and who pays
// them; once the chain guard has simulated what the wallet is asked to approve, the exact lamports it will cost (the
// owner's simulated SOL change: a cNFT returns no rent, so the change is the fee and nothing else).
import { useAppSelector } from '../../app/hooks';
import { exactSol } from '../../chain/format';
import { LAMPORTS_PER_SIGNATURE, MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION } from '../../common/constants';
import { selectSimulatedChange } from '../guard';
import { TRASH_UI } from './trashTexts';

export type FeePayer = 'wallet' | 'delegations' | 'key' | 'server';

const BEFORE: Record<Exclude<FeePayer, 'server'>, (perTx: string, cap: string) => string> = {
  wallet: TRASH_UI.feeFromWallet,
  delegations: TRASH_UI.feeForDelegations,
  key: TRASH_UI.feeFromKey,
};

const before = (payer: Exclude<FeePayer, 'server'>) =>
  BEFORE[payer](exactSol(LAMPORTS_PER_SIGNATURE), exactSol(MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION));

function FeeText({ text, lamports }: { text: string; lamports?: number }) {
  return (
    <p
      className="trash-fee"
      data-testid="cnft-network-fee"
      {...(lamports !== undefined ? { 'data-lamports': lamports } : {})}
    >
      {text}
    </p>
  );
}

/** The connected wallet pays: once this flow passed the guard, the guard's simulated figure. */
function WalletFee({ payer, simulated }: { payer: 'wallet' | 'delegations'; simulated: boolean }) {
  const change = useAppSelector(selectSimulatedChange);
  const exact = simulated && change !== null && change <= 0 ? -change : null;
  return exact === null ? (
    <FeeText text={before(payer)} />
  ) : (
    <FeeText text={TRASH_UI.feeSimulated(exactSol(exact))} lamports={exact} />
  );
}

/**
 * `simulated`: the flow of this modal has passed the guard and awaits the wallet (or is sending what it approved), so
 * the guard's figure is this flow's own and not an earlier action's. The pasted key's way and the server's way read
 * no store (the robust modal stands alone).
 */
export function NetworkFeeLine({ payer, simulated }: { payer: FeePayer; simulated: boolean }) {
  if (payer === 'server') return <FeeText text={TRASH_UI.feeFromServer} />;
  if (payer === 'key') return <FeeText text={before('key')} />;
  return <WalletFee payer={payer} simulated={simulated} />;
}
