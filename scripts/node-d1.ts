/**
 * The subset of D1's binding the store and drizzle use, over Node's own SQLite. The benchmark runs the
 * very same code on it to measure the floor: the same SQL on the same SQLite file, without workerd; and
 * `npm run rebuild` replays the local database through it.
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";

type Param = string | number | null;


class NodeStatement {
  readonly owner: NodeD1;
  readonly sql: string;
  readonly params: Param[];
  constructor(owner: NodeD1, sql: string, params: Param[] = []) {
    this.owner = owner;
    this.sql = sql;
    this.params = params;
  }
  bind(...params: Param[]) {
    return new NodeStatement(this.owner, this.sql, params);
  }
  private prepared(): StatementSync {
    return this.owner.prepared(this.sql);
  }
  execute() {
    const stmt = this.prepared();
    if (stmt.columns().length === 0) {
      const info = stmt.run(...this.params);
      return { results: [], success: true, meta: { changes: Number(info.changes), last_row_id: Number(info.lastInsertRowid) } };
    }
    const rows = stmt.all(...this.params).map((r) => ({ ...r }));
    return { results: rows, success: true, meta: { changes: 0 } };
  }
  async all() {
    return this.execute();
  }
  async run() {
    return this.execute();
  }
  async first(column?: string) {
    const row = this.execute().results[0] as Record<string, unknown> | undefined;
    return row ? (column ? row[column] : row) : null;
  }
  async raw() {
    const stmt = this.prepared();
    stmt.setReturnArrays(true);
    try {
      return stmt.all(...this.params);
    } finally {
      stmt.setReturnArrays(false);
    }
  }
}

export class NodeD1 {
  readonly db: DatabaseSync;
  /** Prepared statements by SQL text: the floor should not pay SQLite's compile step on every call. */
  private readonly cache = new Map<string, StatementSync>();
  constructor(file: string) {
    this.db = new DatabaseSync(file);
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
  }
  prepare(sql: string) {
    return new NodeStatement(this, sql);
  }
  prepared(sql: string): StatementSync {
    let stmt = this.cache.get(sql);
    if (!stmt) this.cache.set(sql, (stmt = this.db.prepare(sql)));
    return stmt;
  }
  /** Like D1: all statements in one transaction, rolled back whole on the first error. */
  async batch(statements: NodeStatement[]) {
    this.db.exec("BEGIN");
    try {
      const results = statements.map((s) => s.execute());
      this.db.exec("COMMIT");
      return results;
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
  }
  close() {
    this.db.close();
  }
}

/** Typed as D1Database for the shared code; only the subset above is ever called. */
export const asD1 = (db: NodeD1) => db as unknown as D1Database;
