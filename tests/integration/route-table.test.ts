/**
 * The route table and the collections of src/domain/api are the server's: pb_hooks/*.pb.js
 * register every entry of the table once and no other route, a running PocketBase has each of
 * them (its router's hasRoute, asked from a hook file loaded only in this test's copy of
 * pb_hooks), docs/routes.md names the same routes, and COLLECTIONS names what the migrations
 * create.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { SERVER_ROUTES, serverRoutes, type ServerRouteId } from '../../src/domain/api/routes.ts';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { startTestServer, type TestServer } from './harness.ts';
import { collectionsCreatedByMigrations } from './migration-collections.ts';

const HOOKS_DIR = join(ROOT, 'pb_hooks');

/** What the registration files register, read with TypeScript's parser. */
interface Registrations {
  /** `addRoute(routes.<id>, …)`: the table entry of each call, by file. */
  entries: { id: string; file: string }[];
  /** `for (const page of pageServerRoutes()) addRoute(page, …)`: the files registering the page family. */
  pageFamilies: string[];
  /** Any other registration of a route: routerAdd, or addRoute of something not in the table. */
  strays: string[];
  /** `COLLECTIONS.<key>` read by the files. */
  collectionKeys: string[];
}

/** The local names a file gives to `SERVER_ROUTES` and `pageServerRoutes` of lib/domain.js. */
function domainBindings(source: ts.SourceFile): Map<string, string> {
  const bound = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isObjectBindingPattern(node.name) &&
      node.initializer?.getText(source).includes('/lib/domain.js')
    ) {
      for (const element of node.name.elements) {
        const imported = (element.propertyName ?? element.name).getText(source);
        bound.set(element.name.getText(source), imported);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return bound;
}

async function readRegistrations(dir = HOOKS_DIR): Promise<Registrations> {
  const found: Registrations = { entries: [], pageFamilies: [], strays: [], collectionKeys: [] };
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.pb.js')).sort()) {
    const text = await readFile(join(dir, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    const bound = domainBindings(source);
    const isBound = (node: ts.Node, name: string) => ts.isIdentifier(node) && bound.get(node.text) === name;
    /** The loop variables of `for (const x of pageServerRoutes())`. */
    const pageVariables = new Set<string>();
    const visit = (node: ts.Node): void => {
      if (
        ts.isForOfStatement(node) &&
        ts.isCallExpression(node.expression) &&
        isBound(node.expression.expression, 'pageServerRoutes') &&
        ts.isVariableDeclarationList(node.initializer)
      ) {
        for (const declaration of node.initializer.declarations)
          pageVariables.add(declaration.name.getText(source));
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const [target] = node.arguments;
        const where = `${file}: ${node.getText(source).split('\n')[0]}`;
        if (node.expression.text === 'routerAdd') found.strays.push(where);
        if (node.expression.text === 'addRoute') {
          if (
            target &&
            ts.isPropertyAccessExpression(target) &&
            isBound(target.expression, 'SERVER_ROUTES')
          ) {
            found.entries.push({ id: target.name.text, file });
          } else if (target && ts.isIdentifier(target) && pageVariables.has(target.text)) {
            found.pageFamilies.push(file);
          } else {
            found.strays.push(where);
          }
        }
      }
      if (ts.isPropertyAccessExpression(node) && isBound(node.expression, 'COLLECTIONS')) {
        found.collectionKeys.push(node.name.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The `METHOD /path` of every route docs/routes.md names in code spans (query and options cut). */
function documentedRoutes(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  return spans.flatMap((span) =>
    [...span.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[^\s?[]*)/g)].map(
      ([, method, path]) => `${method} ${path}`,
    ),
  );
}

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('the registrations in pb_hooks/*.pb.js', () => {
  it('register every entry of the route table once, the page family once, and nothing else', async () => {
    const found = await readRegistrations();
    expect(found.strays).toEqual([]);
    const ids = found.entries.map((entry) => entry.id).sort();
    expect(ids).toEqual((Object.keys(SERVER_ROUTES) as ServerRouteId[]).sort());
    expect(found.pageFamilies).toEqual(['site.pb.js']);
  });

  it('name collections only through COLLECTIONS', async () => {
    const found = await readRegistrations();
    expect(found.collectionKeys.length).toBeGreaterThan(0);
    for (const name of found.collectionKeys) expect(Object.keys(COLLECTIONS)).toContain(name);
    for (const file of (await readdir(HOOKS_DIR)).filter((name) => name.endsWith('.pb.js'))) {
      const text = await readFile(join(HOOKS_DIR, file), 'utf8');
      for (const name of Object.values(COLLECTIONS)) {
        expect(text.includes(`'${name}'`), `${file} quotes '${name}'`).toBe(false);
      }
    }
  });
});

describe('COLLECTIONS', () => {
  it("names what the migrations create, and PocketBase's own users and superusers", () => {
    // literals: the table is checked against what exists, not against itself
    expect(Object.values(COLLECTIONS).sort()).toEqual(
      [...collectionsCreatedByMigrations(), 'users', '_superusers'].sort(),
    );
  });
});

describe('docs/routes.md', () => {
  it('names every route of the table, and only routes of the table', async () => {
    const markdown = await readFile(join(ROOT, 'docs', 'routes.md'), 'utf8');
    const documented = new Set(documentedRoutes(markdown));
    for (const route of Object.values(SERVER_ROUTES)) expect(documented, key(route)).toContain(key(route));
    expect(markdown).toContain('pageServerRoutes');
    const table = new Set(serverRoutes().map(key));
    // PocketBase's own routes (/api/collections/…) are documented for the hooks on them
    const ours = [...documented].filter((route) => !/^\w+ \/api\/(?!adscout\/)/.test(route));
    for (const route of ours) expect(table, route).toContain(route);
  });
});

describe('a running server', () => {
  const PROBE = 'route-probe:';
  /** A route no one registers: the probe must be able to say no (a literal: it is no route of the table). */
  const ABSENT = { method: 'GET', path: '/api/adscout/no-such-route' };
  let hooksDir: string;
  let server: TestServer;

  beforeAll(async () => {
    hooksDir = await mkdtemp(join(tmpdir(), 'adscout-route-table-'));
    await cp(HOOKS_DIR, hooksDir, { recursive: true });
    const asked = [...serverRoutes(), ABSENT].map((route) => [route.method, route.path]);
    // Loaded only from this copy: asks the router once every file has registered its routes (the
    // serve event's handlers run nested, so after e.next() all of them have run).
    await writeFile(
      join(hooksDir, 'zz-route-probe.pb.js'),
      `$app.onServe().bindFunc((e) => {
  e.next();
  const asked = ${JSON.stringify(asked)};
  console.log(${JSON.stringify(PROBE)} + JSON.stringify(asked.map((r) => [r[0] + ' ' + r[1], e.router.hasRoute(r[0], r[1])])));
});\n`,
    );
    server = await startTestServer({ hooksDir });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await rm(hooksDir, { recursive: true, force: true });
  });

  it('has every route of the table', async () => {
    const output = await server.waitForOutput(/route-probe:\[.*\]/);
    const line = output.slice(output.indexOf(PROBE) + PROBE.length).split('\n')[0]!;
    const answers = new Map(JSON.parse(line) as [string, boolean][]);
    expect(answers.get(key(ABSENT))).toBe(false);
    const missing = serverRoutes()
      .map(key)
      .filter((route) => answers.get(route) !== true);
    expect(missing).toEqual([]);
  });
});
