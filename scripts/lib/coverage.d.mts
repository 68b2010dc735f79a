/** One file's istanbul coverage (coverage-final.json's values). */
export interface FileCoverage {
  path: string;
  statementMap: Record<string, { start: { line: number; column: number }; end: unknown }>;
  fnMap: Record<
    string,
    { name: string; decl: unknown; loc: { start: { line: number; column: number } }; line: number }
  >;
  branchMap: Record<
    string,
    {
      type: string;
      loc: { start: { line: number; column: number } };
      locations: Array<{ start: object; end: object }>;
    }
  >;
  s: Record<string, number>;
  f: Record<string, number>;
  b: Record<string, number[]>;
}
export type CoverageMap = Record<string, FileCoverage>;
export interface ChildScript {
  url: string;
  functions: Array<{ ranges: Array<{ startOffset: number; endOffset: number; count: number }> }>;
  sourceMap?: object;
  lineLengths?: number[];
}
export interface Ratio {
  covered: number;
  total: number;
  pct: number;
}
export interface FolderSummary {
  folder: string;
  files: number;
  statements: Ratio;
  branches: Ratio;
  functions: Ratio;
  lines: Ratio;
}
export function readChildCoverage(dir: string, wanted: (path: string) => boolean): Map<string, ChildScript[]>;
export function mergeChildCoverage(
  vitestMap: CoverageMap,
  childByPath: Map<string, ChildScript[]>,
): { merged: CoverageMap; items: number; unmapped: number };
export function lineHits(file: FileCoverage): Map<number, number>;
export function summarize(map: CoverageMap, folders: string[], root: string): FolderSummary[];
export function uncovered(
  map: CoverageMap,
  folders: string[],
  root: string,
): Array<{ file: string; lines: string; branches: string[] }>;
