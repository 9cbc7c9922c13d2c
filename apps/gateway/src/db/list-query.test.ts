import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type RawBuilder, type SqlBool } from 'kysely';
import { describe, expect, it } from 'vitest';
import { digitsSearch, listSearch, type TypedDigits } from './list-query';

describe('digitsSearch', () => {
  it('reads a search of digits as typed and as the start of a mobile number', () => {
    expect(digitsSearch('0912 345')).toEqual({ digits: '0912345', phone: '0912345' });
    expect(digitsSearch('912-345')).toEqual({ digits: '912345', phone: '0912345' });
    expect(digitsSearch('+98 912 345 6789')).toEqual({ digits: '+989123456789', phone: '09123456789' });
    expect(digitsSearch('1000048')).toEqual({ digits: '1000048', phone: '1000048' });
  });

  it('leaves a search of words to the word search', () => {
    expect(digitsSearch('پژو ۲۰۶')).toBeNull();
    expect(digitsSearch('A-100')).toBeNull();
  });
});

describe('listSearch', () => {
  const document = sql`to_tsvector('simple', t.name)`;
  // A database that only compiles, to read the SQL a search becomes.
  const db = new Kysely<object>({
    dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
  });
  const compiled = (expression: unknown) => (expression as RawBuilder<SqlBool>).compile(db);

  it('hands digits to the list, with the row number they can be (none past fifteen digits)', () => {
    const seen: TypedDigits[] = [];
    const byDigits = (typed: TypedDigits) => (seen.push(typed), sql<SqlBool>`true`);
    listSearch('0912 345', document, byDigits);
    listSearch('1234567890123456', document, byDigits);
    expect(seen).toEqual([
      { digits: '0912345', phone: '0912345', ids: [912345] },
      { digits: '1234567890123456', phone: '1234567890123456', ids: [] },
    ]);
  });

  it('looks for other text in the starts of the words, and finds nothing for text with no word', () => {
    const never = () => sql<SqlBool>`true`;
    expect(compiled(listSearch('پژو 206', document, never))).toMatchObject({ sql: "to_tsvector('simple', t.name) @@ to_tsquery('simple', $1)", parameters: ['پژو:* & (206:* | ۲۰۶:*)'] });
    expect(compiled(listSearch('!!', document, never))).toMatchObject({ sql: 'false', parameters: [] });
  });
});
