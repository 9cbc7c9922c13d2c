import { readdir, readFile } from 'node:fs/promises';
import { join, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Migrations are plain SQL files named `NNNN_title.sql`, kept in `src/db/migrations` (core
 * tables shared by modules) and `src/modules/<module>/migrations`. They run in the order of
 * their number across all folders, each once, each in its own transaction. Number ranges:
 * 0001-0099 core, 0100-0199 auth, 0200-0299 dispatch, 0300-0399 inspection-orders,
 * 0400-0499 inspection-tickets; later modules take the next hundred.
 */
export async function listMigrations(): Promise<{ name: string; path: string }[]> {
  const dirs = [join(srcDir, 'db', 'migrations')];
  for (const entry of await readdir(join(srcDir, 'modules'), { withFileTypes: true })) {
    if (entry.isDirectory()) dirs.push(join(srcDir, 'modules', entry.name, 'migrations'));
  }
  const files: { name: string; path: string }[] = [];
  for (const dir of dirs) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) if (/^\d{4}_.+\.sql$/.test(name)) files.push({ name, path: join(dir, name) });
  }
  return files.sort((a, b) => basename(a.name).localeCompare(basename(b.name)));
}

export async function migrate(db: Db): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
  );
  const ran: string[] = [];
  for (const migration of await listMigrations()) {
    if (applied.has(migration.name)) continue;
    const sql = await readFile(migration.path, 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
    });
    ran.push(migration.name);
  }
  return ran;
}

/** Splits on semicolons at line ends; migrations keep function bodies in $$ quotes. */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (line.trim().startsWith('--') && !inDollar) continue;
    const dollars = line.split('$$').length - 1;
    if (dollars % 2 === 1) inDollar = !inDollar;
    current += `${line}\n`;
    if (!inDollar && line.trimEnd().endsWith(';')) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
