// The vacant endpoints' bodies as our server sends them (backend/routes/vacant): `lamports` / `...Lamports` are
// exact integers, the spec's bare amount names (totalRent, recoveredRent) are SOL for display.
import type { VacantAccountInfo, SkippedAccountInfo } from '../../chain/vacantAccounts';

export interface VacantListBody {
  success: boolean;
  error?: string;
  accountCount: number;
  vacantAccounts: VacantAccountInfo[];
  skippedAccounts?: SkippedAccountInfo[];
  totalRent?: number;
  totalRentLamports?: number;
}

export interface PrepareBody {
  success: boolean;
  error?: string;
  transaction?: string;
  transactions?: string[];
  accountCount: number;
  accountCounts?: number[];
  totalRentLamports?: number;
  totalFeeLamports?: number;
  feeWallet?: string;
}

export interface SubmitBody {
  success: boolean;
  error?: string;
  signature?: string;
  signatures?: string[];
  accountCount?: number;
  recoveredRent?: number;
  recoveredRentLamports?: number;
  serviceFeeLamports?: number;
  ownerBalanceChangeLamports?: number;
  feeWalletBalanceChangeLamports?: number;
}
