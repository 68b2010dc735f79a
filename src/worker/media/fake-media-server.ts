/**
 * The archive routes of src/domain/media/media-contract.ts, in process, for the worker's tests
 * (archive-task.test.ts, archive-pool.test.ts): a PocketBase client double whose `send` checks
 * each request against the contract and answers as the server's routes do (leases included).
 */
import type PocketBase from 'pocketbase';
import { SERVER_ROUTES } from '../../domain/api/routes.ts';
import {
  creativeUploadFieldsSchema,
  mediaClaimRequestSchema,
  mediaFailRequestSchema,
  mediaKnownRequestSchema,
  mediaReleaseRequestSchema,
  type MediaTask,
} from '../../domain/media/media-contract.ts';

interface FakeTask {
  task: MediaTask;
  status: 'pending' | 'archived' | 'failed';
  owner: string;
  creative: string;
  /** Epoch ms before which a retried task is not handed out. */
  notBefore: number;
}

export interface Upload {
  task: string;
  fields: Record<string, string>;
  parts: Record<string, { name: string; type: string; size: number }>;
}

/** An SDK error as PocketBase's client throws it. */
const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

export function fakeMediaServer(options: { leaseMs?: number; now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const tasks = new Map<string, FakeTask>();
  const creatives = new Map<string, string>(); // sha256 → creative id
  const uploads: Upload[] = [];
  const fails: { task: string; error: string; retry: boolean }[] = [];
  const releases: string[] = [];
  const claims: number[] = [];
  const knowns: string[] = [];
  let ids = 0;

  const held = (id: string, worker: string) => {
    const entry = tasks.get(id);
    if (!entry) throw httpError(404, 'no such task');
    const leased = Date.parse(entry.task.lease_expires_at) > now();
    if (entry.status !== 'pending' || entry.owner !== worker || !leased)
      throw httpError(409, 'lease not held');
    return entry;
  };
  const parse = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, body: unknown): T => {
    const result = schema.safeParse(body);
    if (!result.success) throw httpError(400, `bad request: ${JSON.stringify(body)}`);
    return result.data!;
  };

  async function route(path: string, body: unknown): Promise<unknown> {
    if (SERVER_ROUTES.mediaClaim.match(path)) {
      const { worker, limit } = parse(mediaClaimRequestSchema, body);
      claims.push(limit);
      const free = [...tasks.values()].filter(
        (entry) =>
          entry.status === 'pending' &&
          entry.notBefore <= now() &&
          (!entry.owner || Date.parse(entry.task.lease_expires_at) <= now()),
      );
      return {
        tasks: free.slice(0, limit).map((entry) => {
          entry.owner = worker;
          entry.task = {
            ...entry.task,
            attempts: entry.task.attempts + 1,
            lease_expires_at: new Date(now() + (options.leaseMs ?? 180_000)).toISOString(),
          };
          return entry.task;
        }),
      };
    }
    /** The task id of a route on one task, when `path` is that route's. */
    const taskOf = (route: { match(path: string): Record<string, string> | null }) => route.match(path)?.id;
    const knownTask = taskOf(SERVER_ROUTES.mediaKnown);
    if (knownTask !== undefined) {
      const { worker, sha256 } = parse(mediaKnownRequestSchema, body);
      const entry = held(knownTask, worker);
      knowns.push(entry.task.id);
      const creative = creatives.get(sha256) ?? null;
      if (creative) Object.assign(entry, { status: 'archived', creative });
      return { creative };
    }
    const creativeTask = taskOf(SERVER_ROUTES.mediaCreative);
    if (creativeTask !== undefined) {
      const form = body as FormData;
      const fields = Object.fromEntries(
        [...form.entries()].filter(([, v]) => typeof v === 'string'),
      ) as Record<string, string>;
      const { worker, sha256 } = parse(creativeUploadFieldsSchema, fields);
      const entry = held(creativeTask, worker);
      const parts: Upload['parts'] = {};
      for (const name of ['file', 'poster']) {
        const part = form.get(name);
        if (part instanceof File) parts[name] = { name: part.name, type: part.type, size: part.size };
      }
      if (!parts.file && !parts.poster) throw httpError(400, 'no file');
      uploads.push({ task: entry.task.id, fields, parts });
      const creative = creatives.get(sha256) ?? `creative${++ids}`;
      creatives.set(sha256, creative);
      Object.assign(entry, { status: 'archived', creative });
      const stored = (name: string) => (parts[name] ? `${name}_${ids}_${parts[name].name}` : '');
      return { creative, file: stored('file'), poster: stored('poster'), rows: 1 };
    }
    const failTask = taskOf(SERVER_ROUTES.mediaFail);
    if (failTask !== undefined) {
      const { worker, error, retry } = parse(mediaFailRequestSchema, body);
      const entry = held(failTask, worker);
      fails.push({ task: entry.task.id, error, retry });
      entry.status = retry ? 'pending' : 'failed';
      entry.owner = '';
      entry.notBefore = now() + 60_000;
      return { status: entry.status, next_attempt_at: retry ? new Date(entry.notBefore).toISOString() : '' };
    }
    const releaseTask = taskOf(SERVER_ROUTES.mediaRelease);
    if (releaseTask !== undefined) {
      const { worker } = parse(mediaReleaseRequestSchema, body);
      const entry = held(releaseTask, worker);
      releases.push(entry.task.id);
      entry.owner = '';
      entry.task = { ...entry.task, lease_expires_at: new Date(now()).toISOString() };
      return null;
    }
    throw httpError(404, `no route ${path}`);
  }

  const pb = {
    send: (path: string, options: { body?: unknown }) => route(path, options.body),
  } as unknown as PocketBase;

  return {
    pb,
    uploads,
    fails,
    releases,
    claims,
    knowns,
    status: (id: string) => tasks.get(id)?.status,
    add(id: string, media_url: string, media_poster_url = '') {
      tasks.set(id, {
        task: { id, ad_id: `ad-${id}`, media_url, media_poster_url, attempts: 0, lease_expires_at: '' },
        status: 'pending',
        owner: '',
        creative: '',
        notBefore: 0,
      });
    },
  };
}
