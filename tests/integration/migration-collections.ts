/**
 * The collections pb_migrations creates, read from the migration sources with TypeScript's parser:
 * the `name` of every `new Collection({…})` in an up() function, in order, minus those a later
 * up() deletes (`app.delete(app.findCollectionByNameOrId('…'))`). migrations.test.ts checks this
 * against a migrated PocketBase; readme.test.ts checks docs/data-model.md names each one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../../scripts/lib/stack.mjs';

export const MIGRATIONS_DIR = join(ROOT, 'pb_migrations');

function stringArgument(node: ts.Expression | undefined): string | null {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
}

/** What one up() function creates and deletes. */
function upEffects(up: ts.Node): { created: string[]; deleted: string[] } {
  const created: string[] = [];
  const deleted: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Collection'
    ) {
      const [options] = node.arguments ?? [];
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const property of options.properties) {
          if (ts.isPropertyAssignment(property) && property.name.getText() === 'name') {
            const name = stringArgument(property.initializer);
            if (name) created.push(name);
          }
        }
      }
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'delete'
    ) {
      const [target] = node.arguments;
      if (
        target &&
        ts.isCallExpression(target) &&
        ts.isPropertyAccessExpression(target.expression) &&
        target.expression.name.text === 'findCollectionByNameOrId'
      ) {
        const name = stringArgument(target.arguments[0]);
        if (name) deleted.push(name);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(up);
  return { created, deleted };
}

/** The collections the migrations leave created, in the order they were created. */
export function collectionsCreatedByMigrations(dir = MIGRATIONS_DIR): string[] {
  const collections: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(dir, file), 'utf8'),
      ts.ScriptTarget.ES2022,
      true,
    );
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'migrate'
      ) {
        const [up] = node.arguments;
        if (up) {
          const { created, deleted } = upEffects(up);
          const kept = collections.filter((name) => !deleted.includes(name));
          collections.splice(0, collections.length, ...kept, ...created);
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return collections;
}
