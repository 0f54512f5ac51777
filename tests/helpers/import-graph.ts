import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** One import of a file: the file it names (resolved inside the tree) and whether only types come. */
export interface ImportEdge {
  to: string;
  typeOnly: boolean;
}

/** Every file's imports of other files of the tree, by path relative to the project root. */
export type ImportGraph = Map<string, ImportEdge[]>;

const EXTENSIONS = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith(".test.ts")
      ? [full]
      : [];
  });
}

/** The file an import names, when it is one of `files`; packages and anything else give null. */
function resolveImport(root: string, from: string, specifier: string, files: Set<string>): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** True when the declaration brings in types only: `import type`, or every named binding `type`. */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return (
      !!clause &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = node.importClause;
  if (!clause) return false; // a bare `import "x"` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** Reads every .ts/.tsx under `dir` (tests left out) with TypeScript's parser. */
export function readImportGraph(root: string, dir: string): ImportGraph {
  const files = sourceFiles(path.join(root, dir));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
    const edges: ImportEdge[] = [];
    const add = (specifier: string, typeOnly: boolean) => {
      const to = resolveImport(root, file, specifier, known);
      if (to) edges.push({ to: path.relative(root, to), typeOnly });
    };
    for (const statement of source.statements) {
      if (
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier
      ) {
        if (ts.isStringLiteral(statement.moduleSpecifier))
          add(statement.moduleSpecifier.text, isTypeOnly(statement));
      } else if (ts.isModuleDeclaration(statement) && ts.isStringLiteral(statement.name)) {
        // `declare module "./x" { ... }` augments x's types: a type import of x.
        add(statement.name.text, true);
      }
    }
    graph.set(path.relative(root, file), edges);
  }
  return graph;
}

/**
 * The cycles of the graph's edges (those `include` keeps), each as the files in order, found as
 * the strongly connected components of more than one file, or a file importing itself (Tarjan).
 */
export function findCycles(
  graph: Map<string, { to: string }[]>,
  include: (edge: ImportEdge) => boolean = () => true,
): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const targets = (file: string) =>
    (graph.get(file) ?? []).filter((edge) => include(edge as ImportEdge)).map((edge) => edge.to);

  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of targets(file)) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || targets(file).includes(file)) cycles.push(component.reverse());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
