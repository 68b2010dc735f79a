/**
 * The boards area (pb_hooks/boards.pb.js; docs/boards.md): the owner's record writes to `boards`
 * and `board_items`, saving many at once, sharing by link, the shared board's public page data
 * and files, and the crons that prune tombstones and wrong-token counts.
 */
export {
  handleBoardCreate,
  handleBoardDelete,
  handleBoardUpdate,
  handleItemCreate,
  handleItemDelete,
  handleItemUpdate,
} from './records.ts';
export { handleBoardItems } from './batch.ts';
export { handleBoardShare, handleBoardShareOptions, handleBoardShareStop } from './share.ts';
export { handleSharedBoard, handleSharedBoardFile } from './shared.ts';
export { pruneWrongTokenCounts } from './share-limit.ts';
export { pruneTombstones } from './prune.ts';
