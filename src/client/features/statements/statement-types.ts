import type { RouterOutputs } from '../../lib/trpc';

type Outputs = RouterOutputs['statements'];

export type UploadOutcome = Outputs['upload'];
export type NeedsMapping = Extract<UploadOutcome, { kind: 'needs_mapping' }>;
export type StatementResultData = Outputs['result'];
export type CreditLine = StatementResultData['exact'][number];
export type MatchedOrder = StatementResultData['stale'][number];
export type ApprovalSummary = Outputs['approveExact'];
