// How programs that no registry ships (Metaplex Token Metadata, Bubblegum) run on the local chain: the program id
// holds the SPL Noop program, and an emulator checks each of its instructions before the transaction executes and
// returns the state change, which the chain applies only when the whole transaction succeeded in LiteSVM.
import type { Chain } from '../chain';

export interface EmulatedInstruction {
  index: number;
  programId: string;
  data: Uint8Array;
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
}

export interface ProgramEmulator {
  programId: string;
  // Runs before the transaction executes. Throw EmulatedProgramError(code, msg) to fail the transaction as the
  // program would. Returns the state change; the chain applies it only when the whole transaction succeeded in
  // LiteSVM (the program id itself is the SPL Noop program, so signatures, fees and the other instructions stay real).
  prepare(ix: EmulatedInstruction, ctx: { chain: Chain; signers: Set<string> }): () => void;
  /**
   * The change moves lamports (closes accounts to the owner): a simulation then applies it to a scratch copy of the
   * accounts (chain.simulating is true; touch nothing but accounts) so it reports the owner's SOL as a cluster would.
   */
  lamportEffects?: boolean;
  /** The instructions it emulates, when several source folders emulate one program (Pump): `joinEmulators`. */
  handles?(ix: EmulatedInstruction): boolean;
}

/**
 * One emulator per program id (the chain keeps one): the emulators of one program, from several source folders, become
 * one that hands each instruction to the first that `handles` it, else to the first (which refuses it as the program).
 */
export function joinEmulators(emulators: ProgramEmulator[]): ProgramEmulator[] {
  const byProgram = new Map<string, ProgramEmulator[]>();
  for (const e of emulators) byProgram.set(e.programId, [...(byProgram.get(e.programId) ?? []), e]);
  return [...byProgram.values()].map((same) =>
    same.length === 1
      ? same[0]
      : {
          programId: same[0].programId,
          lamportEffects: same.some((e) => e.lamportEffects),
          prepare: (ix, ctx) => (same.find((e) => e.handles?.(ix)) ?? same[0]).prepare(ix, ctx),
        },
  );
}

/** Fails the transaction with `InstructionError [index, { Custom: code }]`, as the real program would. */
export class EmulatedProgramError extends Error {
  name = 'EmulatedProgramError';
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Adds lamports to an account as a program's close does (the destination keeps its owner and data). */
export function creditLamports(chain: Chain, address: string, lamports: bigint): void {
  const d = chain.getAccount(address);
  chain.setAccount(address, {
    lamports: (d?.lamports ?? 0n) + lamports,
    ...(d ? { owner: d.owner, data: d.data, executable: d.executable } : {}),
  });
}
