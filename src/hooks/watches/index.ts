/**
 * The watches area (pb_hooks/watches.pb.js): the owner's writes to `watches` and the scheduler
 * cron that starts due watches as runs through the run guard.
 */
export { handleWatchCreate, handleWatchUpdate } from './rules.ts';
export { runDueWatches, tickWatch, type TickReport, type WatchOutcome } from './scheduler.ts';
