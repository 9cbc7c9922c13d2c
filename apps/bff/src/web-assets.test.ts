import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBff } from './app';
import { testBffEnv } from './testing';

// Issue 36: the built web app goes out compressed (the build's own Brotli and gzip files) and
// cached as its names allow: hashed files for a year, the document never without asking.
describe('the web app as the BFF serves it', () => {
  const dist = mkdtempSync(join(tmpdir(), 'panel-assets-'));
  const script = `console.log(${JSON.stringify('پنل '.repeat(400))});`;
  let bff: Awaited<ReturnType<typeof buildBff>>;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="fa" dir="rtl"><body><script type="module" src="/assets/index-AbC_12x9.js"></script></body></html>');
    writeFileSync(join(dist, 'assets/index-AbC_12x9.js'), script);
    writeFileSync(join(dist, 'assets/index-AbC_12x9.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets/index-AbC_12x9.js.gz'), gzipSync(script));
    bff = await buildBff(testBffEnv({ GATEWAY_URL: 'http://127.0.0.1:9', WEB_DIST: dist }));
  });
  afterAll(async () => {
    await bff.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed file in the smallest encoding the browser accepts, cached as immutable', async () => {
    const brotli = await bff.inject({ url: '/assets/index-AbC_12x9.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 4);

    const gzip = await bff.inject({ url: '/assets/index-AbC_12x9.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await bff.inject({ url: '/assets/index-AbC_12x9.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never lets the document be reused without asking, at the root or at a page address', async () => {
    for (const url of ['/', '/panel/dispatch?date=2026-11-26']) {
      const page = await bff.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('/assets/index-AbC_12x9.js');
    }
  });
});
