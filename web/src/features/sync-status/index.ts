/** The sync status chip and the "needs attention" list, for the staff screens' layout. */
export { SyncStatusChip, describeSyncStatus } from './sync-status-chip';
export { NeedsAttentionList } from './needs-attention-list';
export { mutationLabel } from './mutation-labels';
