import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import { appRouter } from '../router';
import { openApiDocument } from './openapi';

// Issue 28: integrators check the document with their own validators before they generate a
// client from it (defect 13), and read it rendered, in Persian (defect 10).

const PERSIAN = /^[\u0600-\u06FF\u200c\s،:()A-Z]+$/;
/** A fresh copy each time: the parser resolves references in place, as in an integrator's download. */
const served = () => JSON.parse(JSON.stringify(openApiDocument(appRouter))) as Parameters<typeof SwaggerParser.validate>[0];

describe('the OpenAPI document (issue 28)', () => {
  it('passes a standard OpenAPI 3.1 validator', async () => {
    // The OpenAPI 3.1 JSON Schema plus the parser's semantic rules (unique operation ids, resolvable references).
    await expect(SwaggerParser.validate(served())).resolves.toBeTruthy();
  });

  it('names the event data of every stream in its components', async () => {
    const document = (await SwaggerParser.dereference(served())) as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, Record<string, unknown>> }> }>> };
    const streams = Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .map((operation) => operation.responses['200']?.content?.['text/event-stream'])
      .filter(Boolean);
    expect(streams.length).toBeGreaterThanOrEqual(3);
    for (const stream of streams) {
      expect(stream!.schema).toMatchObject({ type: 'string' });
      expect(Object.keys(stream!['x-itemSchema'] as object).length).toBeGreaterThan(0);
    }
  });

  it('gives every module a Persian title and description', () => {
    const document = served() as unknown as { tags: { name: string; 'x-displayName'?: string; description?: string }[]; paths: Record<string, unknown> };
    const modules = new Set(Object.keys(document.paths).map((path) => path.split('/')[2]!.split('.')[0]!));
    expect(document.tags.map((tag) => tag.name).sort()).toEqual([...modules].sort());
    for (const tag of document.tags) {
      expect(tag['x-displayName'], tag.name).toMatch(PERSIAN);
      expect(tag.description, tag.name).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('shows examples that pass their own schemas', async () => {
    // Linters warn on an example its schema refuses; a sampled string honours the schema's pattern.
    type Media = { schema: object; example?: unknown };
    type Operation = { operationId: string; parameters?: { content?: Record<string, Media> }[]; requestBody?: { content: Record<string, Media> } };
    const document = (await SwaggerParser.dereference(served())) as unknown as { paths: Record<string, Record<string, Operation>> };
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const refused: string[] = [];
    for (const operation of Object.values(document.paths).flatMap((item) => Object.values(item))) {
      const media = [...(operation.parameters ?? []).map((p) => p.content?.['application/json']), operation.requestBody?.content['application/json']];
      for (const { schema, example } of media.filter((m): m is Media => m?.example !== undefined)) {
        const validate = ajv.compile(schema);
        if (!validate(example)) refused.push(`${operation.operationId}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
