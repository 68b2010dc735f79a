/** The results area (pb_hooks/scout-worker.pb.js): the worker's batched result writes. */
import { resultsRequestSchema } from '../../domain/runs/lease-contract.ts';
import { requestBody } from '../runs/index.ts';
import { writeResults } from './write.ts';

/** SERVER_ROUTES.workerRunResults. */
export function handleResults(e: core.RequestEvent): void {
  const body = requestBody(e, resultsRequestSchema);
  return e.json(200, writeResults(e.request!.pathValue('id'), body.worker, body.rows, body.library_total));
}
