import { describe, expect, it } from 'vitest';
import { SchemaInfoSchema } from './schema-info';

describe('SchemaInfoSchema', () => {
  it('parses a schema entry', () => {
    expect(SchemaInfoSchema.parse({ name: 'کارشناسی خودروی سواری', slug: 'sedan-v3', isActive: true }).slug).toBe('sedan-v3');
    expect(SchemaInfoSchema.safeParse({ name: 'x', slug: 'Sedan V3', isActive: true }).success).toBe(false);
  });
});
