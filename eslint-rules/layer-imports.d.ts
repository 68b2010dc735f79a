export interface Area {
  layer: string;
  feature?: string;
  /** src/web/data's part: 'server', 'local' or 'browser'. */
  part?: string;
}
export function areaOf(path: string): Area;
export function forbiddenReason(from: Area, to: Area): string | null;
export function importReason(file: string, target: string): string | null;
export function packageReason(from: Area, spec: string): string | null;
export function packageImportReason(file: string, spec: string): string | null;
declare const plugin: { rules: Record<string, unknown> };
export default plugin;
