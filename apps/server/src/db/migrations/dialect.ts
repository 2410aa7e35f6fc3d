/**
 * The few places where one migration cannot be the same text for SQLite and PostgreSQL.
 * Everything else in a migration is Kysely's schema builder with types both understand
 * (text, integer, bigint) or SQL both parse.
 */
import type { ColumnDefinitionBuilder } from 'kysely';

/** The database a migration runs on: the embedded SQLite file, or PostgreSQL for scale-out. */
export type SqlDialect = 'sqlite' | 'postgres';

/**
 * A generated integer key. SQLite: `integer primary key autoincrement` (what databases made
 * before migrations have); PostgreSQL has no autoincrement keyword, it takes an identity column.
 */
export function generatedKey(dialect: SqlDialect): (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return dialect === 'postgres'
    ? (c) => c.primaryKey().generatedByDefaultAsIdentity()
    : (c) => c.primaryKey().autoIncrement();
}

/**
 * An 8-byte float. SQLite's `real` is one already, and is what databases made before
 * migrations declare; PostgreSQL's `real` has 4 bytes, so it gets `double precision`.
 */
export function float(dialect: SqlDialect): 'real' | 'double precision' {
  return dialect === 'postgres' ? 'double precision' : 'real';
}
