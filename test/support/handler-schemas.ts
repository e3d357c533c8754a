import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { HttpMethod } from "./api-routes";

// Which zod schemas a route's handler parses with, read from its source: `schema.parse(…)` on a
// schema imported from lib/schemas, or a parser function of lib/schemas that does so itself
// (`parseGalleryQuery` → `galleryQuerySchema.parse`). A parse of the request body (`readJson…`)
// is the body's schema; any other is the query's.

export interface SchemaUse {
  kind: "body" | "query";
  /** `@/lib/schemas/prediction` */
  module: string;
  /** The module's export, e.g. `createPredictionSchema`. */
  name: string;
}

const SCHEMAS = "@/lib/schemas/";
const PARSES = new Set(["parse", "safeParse", "parseAsync", "safeParseAsync"]);

function sourceOf(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
}

/** Local name → module, for the named imports of lib/schemas. */
function schemaImports(source: ts.SourceFile): Map<string, { module: string; name: string }> {
  const imports = new Map<string, { module: string; name: string }>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    const named = statement.importClause?.namedBindings;
    if (!from.startsWith(SCHEMAS) || !named || !ts.isNamedImports(named)) continue;
    for (const element of named.elements)
      imports.set(element.name.text, { module: from, name: (element.propertyName ?? element.name).text });
  }
  return imports;
}

/** The exported handler of one method: `export const POST = …` or `export async function POST`. */
function handlerNode(source: ts.SourceFile, method: HttpMethod): ts.Node | undefined {
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === method) return statement;
    if (ts.isVariableStatement(statement)) {
      const declaration = statement.declarationList.declarations.find(
        (d) => ts.isIdentifier(d.name) && d.name.text === method,
      );
      if (declaration) return declaration;
    }
  }
  return undefined;
}

/** Calls `name.parse(…)` inside `node`, with their arguments' text. */
function parseCalls(node: ts.Node): { schema: string; argument: string }[] {
  const calls: { schema: string; argument: string }[] = [];
  const visit = (child: ts.Node) => {
    if (
      ts.isCallExpression(child) &&
      ts.isPropertyAccessExpression(child.expression) &&
      PARSES.has(child.expression.name.text)
    ) {
      const target = child.expression.expression;
      if (ts.isIdentifier(target))
        calls.push({ schema: target.text, argument: child.arguments.map((a) => a.getText()).join(",") });
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return calls;
}

/** Calls of plain functions inside `node`: `parseGalleryQuery(…)`. */
function functionCalls(node: ts.Node): { name: string; argument: string }[] {
  const calls: { name: string; argument: string }[] = [];
  const visit = (child: ts.Node) => {
    if (ts.isCallExpression(child) && ts.isIdentifier(child.expression)) {
      calls.push({ name: child.expression.text, argument: child.arguments.map((a) => a.getText()).join(",") });
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return calls;
}

/** The handler's local consts, so `schema.parse(body)` is known for a body by `const body = await readJson(…)`. */
function localValues(node: ts.Node): Map<string, string> {
  const values = new Map<string, string>();
  const visit = (child: ts.Node) => {
    if (ts.isVariableDeclaration(child) && ts.isIdentifier(child.name) && child.initializer)
      values.set(child.name.text, child.initializer.getText());
    ts.forEachChild(child, visit);
  };
  visit(node);
  return values;
}

function kindOf(argument: string, locals: Map<string, string>): SchemaUse["kind"] {
  const value = locals.get(argument) ?? argument;
  return /\breadJson/.test(value) ? "body" : "query";
}

/** The schemas a parser function of a lib/schemas module parses with (its module's own consts). */
function parserSchemas(root: string, module: string, fn: string): string[] {
  const source = sourceOf(path.join(root, `${module.replace("@/", "")}.ts`));
  const declaration = source.statements.find(
    (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === fn,
  );
  return declaration ? parseCalls(declaration).map((call) => call.schema) : [];
}

export function handlerSchemas(root: string, file: string, method: HttpMethod): SchemaUse[] {
  const source = sourceOf(path.join(root, file));
  const node = handlerNode(source, method);
  if (!node) throw new Error(`${file} exports no ${method}`);
  const imports = schemaImports(source);
  const locals = localValues(node);
  const uses: SchemaUse[] = [];
  for (const call of parseCalls(node)) {
    const imported = imports.get(call.schema);
    if (imported) uses.push({ kind: kindOf(call.argument, locals), ...imported });
  }
  for (const call of functionCalls(node)) {
    const imported = imports.get(call.name);
    if (!imported) continue;
    for (const schema of parserSchemas(root, imported.module, imported.name))
      uses.push({ kind: kindOf(call.argument, locals), module: imported.module, name: schema });
  }
  return uses;
}
