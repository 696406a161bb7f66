import type { Compilable, CompiledQuery } from 'kysely';

/** Stands in for argument `index` while a shape is compiled; no stored value starts with NUL. */
const placeholder = (index: number) => `\u0000${index}`;

interface Shape {
  query: CompiledQuery<unknown>;
  /** For each parameter of the compiled query: the argument it takes, or null for a constant of the shape. */
  arguments: (number | null)[];
}

/**
 * Queries compiled once per shape. Building and compiling a query with Kysely takes about 11 µs here,
 * more than SQLite takes to run the small reads a page makes (decision 014), so the reads of every
 * uncached page are compiled with placeholders the first time, and each later call sends the same SQL
 * with its own arguments.
 */
export class CompiledShapes {
  private readonly shapes = new Map<string, Shape>();

  /** `key` names the shape: the same key must always build the same query from the same number of arguments. */
  // The builder sees placeholders, not the arguments' types: its columns and tables are still checked.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: placeholders stand for any argument
  of<R>(key: string, args: readonly unknown[], build: (placeholders: any[]) => Compilable<R>): CompiledQuery<R> {
    let shape = this.shapes.get(key);
    if (!shape) {
      const query = build(args.map((_, index) => placeholder(index))).compile();
      shape = {
        query,
        arguments: query.parameters.map((value) =>
          typeof value === 'string' && value.startsWith('\u0000') ? Number(value.slice(1)) : null,
        ),
      };
      this.shapes.set(key, shape);
    }
    const { query, arguments: taken } = shape;
    return { ...query, parameters: query.parameters.map((value, index) => (taken[index] === null ? value : args[taken[index]!])) };
  }
}
