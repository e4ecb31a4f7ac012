// The approval source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import type { SourceTexts } from '../../source';
import type { ApprovalDetail } from './source';

export const approvalTexts: SourceTexts<ApprovalDetail> = {
  name: 'Token approval',
  noun: 'approval',
  detail: ({ delegate, amount }) =>
    `Approval: ${delegate} may move ${amount} of these tokens. Revoking returns no SOL, it is for safety.`,
};
