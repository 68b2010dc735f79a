/**
 * The in-page half of csv-export.bench.ts, bundled for Chromium: fetches the rows, then times
 * csv.ts's buildCsv and Papa.unparse (papa-csv.ts) on them in alternating order, and checks that
 * both built the same text. Exposed as window.runCsvBuilders.
 */
import { buildCsv, type CsvColumn } from '../../../src/domain/results/csv.ts';
import { buildCsvWithPapa } from './papa-csv.ts';

export interface CsvBuilderFigures {
  builder: number[];
  papa: number[];
  identical: boolean;
  characters: number;
}

type Build = (columns: readonly CsvColumn[], rows: readonly Record<string, unknown>[]) => string;

async function runCsvBuilders(
  columns: CsvColumn[],
  warmUp: number,
  rounds: number,
): Promise<CsvBuilderFigures> {
  // Frozen, as the Database page's rows are (they come out of IndexedDB and are never written).
  const fetched = (await (await fetch('/rows.json')).json()) as Record<string, unknown>[];
  const rows = fetched.map((row) => Object.freeze(row));
  const builders: Record<'builder' | 'papa', Build> = { builder: buildCsv, papa: buildCsvWithPapa };
  const out: CsvBuilderFigures = { builder: [], papa: [], identical: true, characters: 0 };
  for (let i = 0; i < warmUp + rounds; i++) {
    // Alternate which goes first, so that neither always runs on the other's garbage.
    const order = i % 2 === 0 ? (['builder', 'papa'] as const) : (['papa', 'builder'] as const);
    const texts = { builder: '', papa: '' };
    for (const name of order) {
      const started = performance.now();
      texts[name] = builders[name](columns, rows);
      if (i >= warmUp) out[name].push(performance.now() - started);
    }
    if (texts.builder !== texts.papa) out.identical = false;
    out.characters = texts.builder.length;
  }
  return out;
}

(window as unknown as { runCsvBuilders: typeof runCsvBuilders }).runCsvBuilders = runCsvBuilders;
