// The SPL side of an NFT made with real transactions (the demo profile): create and initialise the mint, the owner's
// associated token account, mint 1, then hand mint and freeze authority to the edition PDA, as Token Metadata's
// createMasterEditionV3 does. Metadata and edition are then written directly (their program is emulated).
import {
  AuthorityType,
  ExtensionType,
  MINT_SIZE,
  createInitializeMetadataPointerInstruction,
  createInitializeMintCloseAuthorityInstruction,
  createInitializeNonTransferableMintInstruction,
  createInitializePermanentDelegateInstruction,
  getMintLen,
  createFreezeAccountInstruction,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  createSetAuthorityInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { Chain } from '../chain';

const FUNDER_TOP_UP = 10_000_000_000n;

/** A fee payer for the plugin's own transactions, topped up from the chain's faucet when low. */
export function funder(chain: Chain, kp = Keypair.generate()): Keypair {
  if (chain.getBalance(kp.publicKey.toBase58()) < FUNDER_TOP_UP / 10n)
    chain.airdrop(kp.publicKey.toBase58(), FUNDER_TOP_UP);
  return kp;
}

/**
 * `program`: Token-2022 for a Token-2022 NFT. `freeze`: the token account is frozen before the freeze authority goes
 * to the edition PDA — a pNFT's token account is always frozen (mpl-token-metadata programmable.rs TokenRecord docs).
 */
export function mintNftByTransaction(
  chain: Chain,
  payer: Keypair,
  owner: string,
  edition: string,
  mint = Keypair.generate(),
  o: { program?: string; freeze?: boolean; extensions?: ExtensionType[]; permanentDelegate?: string } = {},
): string {
  const ownerKey = new PublicKey(owner);
  const editionKey = new PublicKey(edition);
  const programId = o.program ? new PublicKey(o.program) : TOKEN_PROGRAM_ID;
  const ata = getAssociatedTokenAddressSync(mint.publicKey, ownerKey, true, programId);
  const space = o.extensions?.length ? getMintLen(o.extensions) : MINT_SIZE;
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: chain.latestBlockhash().blockhash }).add(
    SystemProgram.createAccount({
      fromPubkey: payer.publicKey,
      newAccountPubkey: mint.publicKey,
      space,
      lamports: chain.rent(space),
      programId,
    }),
    ...extensionIxs(mint.publicKey, o.extensions ?? [], programId, o.permanentDelegate),
    createInitializeMint2Instruction(mint.publicKey, 0, payer.publicKey, payer.publicKey, programId),
    createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, ata, ownerKey, mint.publicKey, programId),
    createMintToInstruction(mint.publicKey, ata, payer.publicKey, 1, [], programId),
    ...(o.freeze ? [createFreezeAccountInstruction(ata, mint.publicKey, payer.publicKey, [], programId)] : []),
    createSetAuthorityInstruction(mint.publicKey, payer.publicKey, AuthorityType.MintTokens, editionKey, [], programId),
    createSetAuthorityInstruction(
      mint.publicKey,
      payer.publicKey,
      AuthorityType.FreezeAccount,
      editionKey,
      [],
      programId,
    ),
  );
  tx.sign(payer, mint);
  const r = chain.send(tx.serialize());
  if (r.err) throw new Error(`minting an NFT failed: ${JSON.stringify(r.err)}`);
  return mint.publicKey.toBase58();
}

/** Token-2022 mint extensions an NFT mint carries on mainnet (initialised before the mint, as the program requires). */
function extensionIxs(mint: PublicKey, extensions: ExtensionType[], programId: PublicKey, permanentDelegate?: string) {
  return extensions.map((e) => {
    if (e === ExtensionType.NonTransferable) return createInitializeNonTransferableMintInstruction(mint, programId);
    if (e === ExtensionType.PermanentDelegate)
      return createInitializePermanentDelegateInstruction(mint, new PublicKey(permanentDelegate!), programId);
    if (e === ExtensionType.MintCloseAuthority)
      return createInitializeMintCloseAuthorityInstruction(mint, null, programId);
    if (e === ExtensionType.MetadataPointer)
      return createInitializeMetadataPointerInstruction(mint, null, mint, programId);
    throw new Error(`mint extension ${ExtensionType[e]} is not made here`);
  });
}
