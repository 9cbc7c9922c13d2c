import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@panel/contracts/common/plain';
import { hashKey } from '@tanstack/react-query';
import { adoptEarly } from '../lib/early-live';
import { sessionQueryOptions } from '../lib/session';
import { answerTrpc } from '../lib/testing';
import { earlyFeedKey } from '../modules/dispatch/api/sheet-calls';
import { queryClient } from '../lib/trpc';
import { startFirstCalls } from './first-calls';

const session = (roles: string[]) => ({ data: { user: { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی', full_name: 'سارا محمدی' }, roles } });
const SHEET = '/panel/inspection/orders/management';
const sheetAnswers = {
  'dispatch.experts': { data: [] },
  'dispatch.areas': { data: [] },
  'dispatch.dates': { data: [{ date: '2026-11-27', type: 'today' }] },
  'dispatch.schedule': { data: [] },
  'dispatch.shiftStatistics': { data: [] },
};

/** The paths called once the session was asked and every call started so far has settled. */
async function settledPaths(calls: { path: string }[]) {
  await vi.waitFor(() => {
    expect(calls.map((c) => c.path)).toContain('auth.session');
    expect(queryClient.isFetching()).toBe(0);
  });
  return calls.map((c) => c.path).sort();
}

describe('the first calls of a page, before it renders', () => {
  // The app's one query client: a session another test file left in it must not answer for this one.
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("checks the session and starts the sheet's queries for the day it opens on", async () => {
    const { calls } = answerTrpc({ 'auth.session': session([ROLES.staff]), ...sheetAnswers });
    startFirstCalls({ pathname: SHEET, search: '' });
    expect(await settledPaths(calls)).toEqual(['auth.session', 'dispatch.areas', 'dispatch.dates', 'dispatch.experts', 'dispatch.schedule', 'dispatch.shiftStatistics']);
    expect(calls.find((c) => c.path === 'dispatch.schedule')?.input).toEqual({ date: '2026-11-27' });
    // …and that day's live feed, waiting for the sheet to take it over.
    const feed = adoptEarly(earlyFeedKey('2026-11-27'), { onData: () => {}, onStarted: () => {}, onConnectionStateChange: () => {}, onError: () => {} });
    expect(feed).toBeDefined();
    feed!.unsubscribe();
  });

  it("sends the sheet's first queries before the session's answer reaches the screen (whose render is a long task)", async () => {
    const { calls } = answerTrpc({ 'auth.session': session([ROLES.staff]), ...sheetAnswers });
    const sessionHash = hashKey(sessionQueryOptions().queryKey);
    let sentWhenSessionLanded: string[] | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === sessionHash) sentWhenSessionLanded ??= calls.map((c) => c.path);
    });
    startFirstCalls({ pathname: SHEET, search: '' });
    await settledPaths(calls);
    unsubscribe();
    expect(sentWhenSessionLanded?.sort()).toEqual(['auth.session', 'dispatch.areas', 'dispatch.dates', 'dispatch.experts']);
  });

  it('opens on the date of the address', async () => {
    const { calls } = answerTrpc({ 'auth.session': session([ROLES.staff]), ...sheetAnswers });
    startFirstCalls({ pathname: SHEET, search: '?date=2026-11-28' });
    await settledPaths(calls);
    expect(calls.find((c) => c.path === 'dispatch.shiftStatistics')?.input).toEqual({ date: '2026-11-28' });
  });

  it('makes no call the user may not make, and none for a signed-out browser', async () => {
    const viewer = answerTrpc({ 'auth.session': session([ROLES.follower]) });
    startFirstCalls({ pathname: SHEET, search: '' });
    expect(await settledPaths(viewer.calls)).toEqual(['auth.session']);
    queryClient.clear();
    const signedOut = answerTrpc({ 'auth.session': { data: null } });
    startFirstCalls({ pathname: SHEET, search: '' });
    expect(await settledPaths(signedOut.calls)).toEqual(['auth.session']);
  });

  it('checks only the session on another panel page, and nothing on a public one', async () => {
    const { calls } = answerTrpc({ 'auth.session': session([ROLES.staff]) });
    startFirstCalls({ pathname: '/panel/deals', search: '' });
    expect(await settledPaths(calls)).toEqual(['auth.session']);
    startFirstCalls({ pathname: '/', search: '' });
    expect(await settledPaths(calls)).toEqual(['auth.session']);
  });
});
