// Pump.fun's creator-fee instructions on the local chain (neither program ships in a registry:
// backend/localnet/emulated/types.ts), with the account rules of the published IDLs (pump-fun/pump-public-docs,
// idl/pump.json, idl/pump_amm.json) and the transfers of their docs:
// - collect_creator_fee: creator_vault is the PDA ["creator-vault", creator] (Anchor seeds constraint); every lamport
//   above the vault's rent-exempt minimum goes to `creator`, the vault stays open (docs/instructions/
//   COLLECT_CREATOR_FEE.md);
// - PumpSwap transfer_creator_fees_to_pump_v2: payer signs; coin_creator_vault_authority is the AMM PDA
//   ["creator_vault", coin_creator], coin_creator_vault_ata its wSOL account, pump_creator_vault the Pump PDA of the
//   creator; a wSOL vault's fees (its token amount) move as lamports into the Pump creator vault, the vault keeps its
//   rent (docs/instructions/CREATOR_FEE_SHARING.md).
import { checkPumpTail, moveLamports, pumpFail, pumpNameOf } from '../../../../../backend/localnet/emulated/pump';
import type { ProgramEmulator } from '../../../../../backend/localnet/emulated/types';
import type { LocalPrograms } from '../../../../../backend/localnet/fund/recovery';
import {
  creatorVaultOf,
  PUMP_AMM_PROGRAM,
  PUMP_PROGRAM,
  pumpInstructionOf,
  swapTransferAccounts,
  tokenAmountOf,
} from '../../pumpLayouts';

const collectEmulator: ProgramEmulator = {
  programId: PUMP_PROGRAM,
  lamportEffects: true,
  handles: (ix) => pumpInstructionOf(ix) === 'collectCreatorFee',
  prepare(ix, { chain }) {
    pumpNameOf(ix, ['collectCreatorFee']);
    checkPumpTail(ix, 2, true);
    const [user, vault] = [ix.accounts[0].pubkey, ix.accounts[1].pubkey];
    if (vault !== creatorVaultOf(user)) throw pumpFail('ConstraintSeeds', 'creator_vault seeds');
    return () => moveLamports(chain, vault, user, (balance, size) => balance - BigInt(chain.rent(size)));
  },
};

/** PumpSwap's transfer_creator_fees_to_pump_v2, for a wrapped-SOL quote. */
const swapEmulator: ProgramEmulator = {
  programId: PUMP_AMM_PROGRAM,
  lamportEffects: true,
  prepare(ix, { chain, signers }) {
    pumpNameOf(ix, ['transferCreatorFeesToPumpV2']);
    const creator = ix.accounts[5]?.pubkey ?? '';
    const expected = swapTransferAccounts(creator);
    if (ix.accounts.length !== expected.length) throw pumpFail('AccountNotInitialized', 'missing accounts');
    if (!signers.has(ix.accounts[0].pubkey)) throw pumpFail('ConstraintSigner', 'payer must sign');
    for (const i of [1, 2, 3, 4, 10, 11])
      if (ix.accounts[i].pubkey !== expected[i])
        throw pumpFail('ConstraintAddress', `account ${i} must be ${expected[i]}`);
    for (const i of [6, 7, 8, 9])
      if (ix.accounts[i].pubkey !== expected[i]) throw pumpFail('ConstraintSeeds', `account ${i} seeds`);
    for (const i of [6, 7, 8]) if (!ix.accounts[i].isWritable) throw pumpFail('ConstraintMut', `account ${i}`);
    const [vault, pumpVault] = [expected[7], expected[8]];
    if (!chain.getAccount(vault)) throw pumpFail('AccountNotInitialized', 'coin_creator_vault_ata');
    return () => {
      const now = chain.getAccount(vault);
      const amount = now ? tokenAmountOf(now.data) : 0n;
      if (!now || amount === 0n) return;
      const data = Uint8Array.from(now.data);
      Buffer.from(data.buffer).writeBigUInt64LE(0n, 64);
      chain.setAccount(vault, { ...now, data, lamports: now.lamports - amount });
      const target = chain.getAccount(pumpVault);
      chain.setAccount(pumpVault, { ...(target ?? {}), lamports: (target?.lamports ?? 0n) + amount });
    };
  },
};

export const localPrograms: LocalPrograms = () => [collectEmulator, swapEmulator];
