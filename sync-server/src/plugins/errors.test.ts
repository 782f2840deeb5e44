import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toHttpError } from './errors';
import { HttpError } from '../http-error';

function sqliteError(sql: string, setup: string): unknown {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.exec(setup);
  try {
    db.exec(sql);
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  throw new Error('expected the statement to fail');
}

describe('toHttpError', () => {
  it('passes an HttpError through', () => {
    const error = new HttpError(409, 'taken', { username: 'taken' });
    expect(toHttpError(error)).toBe(error);
  });

  it('turns a unique violation into 409 with the spec’s "duplicate key" reading', () => {
    const error = sqliteError(
      "INSERT INTO vehicles (registration) VALUES ('A'), ('A')",
      'CREATE TABLE vehicles (registration TEXT UNIQUE)',
    );
    const http = toHttpError(error);
    expect(http?.statusCode).toBe(409);
    expect(http?.message).toContain('duplicate key');
    expect(http?.message).toContain('vehicles.registration');
  });

  it('turns a missing reference into 400 and a missing value into 400', () => {
    const fk = sqliteError(
      'INSERT INTO child (parentId) VALUES (5)',
      'CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (parentId INTEGER REFERENCES parent (id))',
    );
    expect(toHttpError(fk)?.statusCode).toBe(400);
    const notNull = sqliteError(
      'INSERT INTO t (a) VALUES (NULL)',
      'CREATE TABLE t (a TEXT NOT NULL)',
    );
    expect(toHttpError(notNull)).toMatchObject({ statusCode: 400 });
  });

  it('leaves real server faults for the 500 path', () => {
    expect(toHttpError(new Error('boom'))).toBeUndefined();
    expect(toHttpError(Object.assign(new Error('x'), { statusCode: 503 }))).toBeUndefined();
  });

  it('keeps other client errors Fastify raises', () => {
    const error = Object.assign(new Error('Unsupported Media Type'), {
      statusCode: 415,
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    });
    expect(toHttpError(error)).toMatchObject({ statusCode: 415 });
    const tooBig = Object.assign(new Error('too big'), {
      statusCode: 413,
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
    expect(toHttpError(tooBig)).toMatchObject({
      statusCode: 413,
      message: 'The request body is too large',
    });
  });
});
