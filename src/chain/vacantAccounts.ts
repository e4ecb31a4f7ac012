// The vacant-account shapes the server computes with are the wire contract's (src/common/api/vacant.ts).
export type {
  SkippedVacantAccount as SkippedAccountInfo,
  VacantAccount as VacantAccountInfo,
} from '../common/api/vacant';
