import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';

describe(`health (${engineName()})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers 200 and names the engine', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, database: engineName() });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

/** The built web app served beside the API: its files, index.html for the app's own routes, the API untouched. */
describe(`the web app beside the API (${engineName()})`, () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>POS</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    ctx = await createTestContext({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("serves the files, and index.html for the app's routes", async () => {
    expect((await ctx.app.inject({ url: '/assets/app.js' })).body).toBe('console.log(1)');
    for (const url of ['/', '/dashboard/pos']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>POS</title>');
    }
  });

  it('leaves the API its own answers: a JSON 404, and 414 for a path parameter over 100 characters', async () => {
    const unknown = await ctx.app.inject({ url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const long = await ctx.app.inject({ url: `/api/products/${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ success: false, message: 'The address is too long' });
  });
});
