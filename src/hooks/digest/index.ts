/**
 * The report mail area (pb_hooks/digest.pb.js, docs/reports.md#email): the owner's report
 * settings (checked, defaulted, scheduled by the server).
 */
export {
  ensureReportSettings,
  handleReportSettingsCreate,
  handleReportSettingsUpdate,
  handleWatchCreated,
  scheduleDigest,
} from './settings.ts';
