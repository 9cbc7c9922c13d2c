import type { Redis } from 'ioredis';

// The Redis side of the shared numbering (issue 34, decision 129): each topic's keys, the Lua
// scripts that take and renew its lease and append to its stream (fenced: they check the lease
// and the stream's last id first), and the reading of a stream entry.

/** How long a topic's keys outlive its last change (a watched date is not watched forever). */
export const KEY_TTL_MS = 24 * 3600_000;

const NOW = "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";
/**
 * KEYS lease, status; ARGV replica, lease ms, ttl, whether to take a free lease ('1'). Answers
 * {1 held | 2 just taken | 0 another's or free, the holder's upstream state}.
 */
const LEASE = `
local h = redis.call('GET', KEYS[1])
if h == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, redis.call('GET', KEYS[2]) or 'live'}
end
if not h and ARGV[4] == '1' then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  redis.call('SET', KEYS[2], 'reconnecting', 'PX', ARGV[3])
  return {2, 'reconnecting'}
end
return {0, redis.call('GET', KEYS[2]) or 'live'}`;
/** KEYS lease; ARGV replica. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end return 0`;
/** KEYS lease, stream, state, status; ARGV replica, items, maxlen, ttl, sent at (ms). A new epoch: its id, or 'lease'. */
const RESET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 'lease' end
${NOW}
local epoch = now
local top = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
if top[1] then
  local ms = tonumber(string.match(top[1][1], '^(%d+)-'))
  if ms >= epoch then epoch = ms + 1 end
end
local id = string.format('%d-0', epoch)
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], id, 'k', 'r', 'i', ARGV[2], 't', ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('SET', KEYS[3], id .. ' ' .. ARGV[2], 'PX', ARGV[4])
redis.call('SET', KEYS[4], 'live', 'PX', ARGV[4])
return id`;
/** KEYS lease, stream; ARGV replica, epoch, offset, items, maxlen, ttl, sent at (ms): 'ok', 'lease', or 'gap' (the previous offset is not the stream's last). */
const DELTA = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 'lease' end
local top = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
if not top[1] or top[1][1] ~= ARGV[2] .. '-' .. string.format('%d', tonumber(ARGV[3]) - 1) then return 'gap' end
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], ARGV[2] .. '-' .. ARGV[3], 'k', 'd', 'i', ARGV[4], 't', ARGV[7])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 'ok'`;
/** KEYS lease, stream, state; ARGV replica, id, items, ttl: the whole topic as of `id`, while `id` is the stream's last. */
const CHECKPOINT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 'lease' end
local top = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
if not top[1] or top[1][1] ~= ARGV[2] then return 'moved' end
redis.call('SET', KEYS[3], ARGV[2] .. ' ' .. ARGV[3], 'PX', ARGV[4])
return 'ok'`;
/** KEYS lease, status; ARGV replica, state, ttl. */
const STATUS = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3]) return 1 end return 0`;

export interface Scripts {
  liveLease(lease: string, status: string, replica: string, leaseMs: number, ttl: number, take: '0' | '1'): Promise<[number, string]>;
  liveRelease(lease: string, replica: string): Promise<number>;
  liveReset(lease: string, stream: string, state: string, status: string, replica: string, items: string, maxLen: number, ttl: number, sentAt: number): Promise<string>;
  liveDelta(lease: string, stream: string, replica: string, epoch: string, offset: number, items: string, maxLen: number, ttl: number, sentAt: number): Promise<string>;
  liveCheckpoint(lease: string, stream: string, state: string, replica: string, id: string, items: string, ttl: number): Promise<string>;
  liveStatus(lease: string, status: string, replica: string, state: string, ttl: number): Promise<number>;
}

export type StreamEntry = [id: string, fields: string[]];

export function fieldsOf(fields: string[]): { kind?: string; items?: string; sentAt?: number } {
  const out: { kind?: string; items?: string; sentAt?: number } = {};
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'k') out.kind = fields[i + 1];
    else if (fields[i] === 'i') out.items = fields[i + 1];
    else if (fields[i] === 't') out.sentAt = Number(fields[i + 1]);
  }
  return out;
}

export function splitId(id: string): { epoch: string; offset: number } {
  const at = id.indexOf('-');
  return { epoch: id.slice(0, at), offset: Number(id.slice(at + 1)) };
}

/** Whether `<a epoch, a offset>` is at or past `<b …>` (epochs are milliseconds, as text). */
export function atOrPast(a: { epoch: string; offset: number }, b: { epoch: string; offset: number }): boolean {
  if (a.epoch === b.epoch) return a.offset >= b.offset;
  return a.epoch !== '' && Number(a.epoch) > Number(b.epoch);
}

/** The keys of one topic; the braces keep them in one slot of a Redis cluster. */
export function keysOf(prefix: string, feed: string, topic: string) {
  const base = `${prefix}live:{${feed}:${topic}}`;
  return { stream: `${base}:stream`, state: `${base}:state`, lease: `${base}:lease`, status: `${base}:status` };
}

export type TopicKeys = ReturnType<typeof keysOf>;

/** The scripts on one connection (ioredis sends each by its hash, and loads it when Redis lacks it). */
export function defineScripts(redis: Redis): Scripts {
  redis.defineCommand('liveLease', { numberOfKeys: 2, lua: LEASE });
  redis.defineCommand('liveRelease', { numberOfKeys: 1, lua: RELEASE });
  redis.defineCommand('liveReset', { numberOfKeys: 4, lua: RESET });
  redis.defineCommand('liveDelta', { numberOfKeys: 2, lua: DELTA });
  redis.defineCommand('liveCheckpoint', { numberOfKeys: 3, lua: CHECKPOINT });
  redis.defineCommand('liveStatus', { numberOfKeys: 2, lua: STATUS });
  return redis as unknown as Scripts;
}
