import { describe, expect, it } from 'vitest';
import { CallInfoSchema } from './call';

describe('CallInfoSchema', () => {
  it('parses on and off a call', () => {
    expect(CallInfoSchema.parse({ callee_phone_number: '09121234567' }).callee_phone_number).toBe('09121234567');
    expect(CallInfoSchema.parse({ callee_phone_number: null }).callee_phone_number).toBeNull();
  });
});
