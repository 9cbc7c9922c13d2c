import { inSpan } from '@panel/observability';
import type { Db, Queryable } from './db';

// The SQL of a traced request (decision 121): every statement through the database seam is a
// client span of the request's trace, named by its verb, with its text (parameters never: they
// hold people's data). One wrapper for both drivers, so PGlite's statements are traced as the
// server's are; used only while tracing is on.

const verb = (sql: string) => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';

function tracedQueries(target: Queryable, driver: Db['driver']): Queryable {
  const attributes = (sql: string) => ({ 'db.system.name': 'postgresql', 'db.query.text': sql, 'db.driver': driver });
  return {
    query: (sql, params) => inSpan(verb(sql), attributes(sql), () => target.query(sql, params)),
    execute: (sql, params) => inSpan(verb(sql), attributes(sql), () => target.execute(sql, params)),
  };
}

/** `db` with a span around each statement and each transaction. */
export function traced(db: Db): Db {
  const queries = tracedQueries(db, db.driver);
  return {
    ...queries,
    driver: db.driver,
    stats: db.stats && (() => db.stats!()),
    // The app sets its logger on the database it was given: the driver's object must get it.
    get log() {
      return db.log;
    },
    set log(log) {
      db.log = log;
    },
    transaction: (fn) => inSpan('TRANSACTION', { 'db.system.name': 'postgresql', 'db.driver': db.driver }, () => db.transaction((tx) => fn(tracedQueries(tx, db.driver)))),
    listen: (channel, onPayload, onState) => db.listen(channel, onPayload, onState),
    notify: (channel, payload) => db.notify(channel, payload),
    close: () => db.close(),
  };
}
