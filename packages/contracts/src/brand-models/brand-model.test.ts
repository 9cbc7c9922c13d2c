import { describe, expect, it } from 'vitest';
import { BrandModelSelectionSchema } from './brand-model';

describe('BrandModelSelectionSchema', () => {
  const model = {
    level: 'model',
    brand_id: 3,
    brand_name: 'پژو',
    model_id: 41,
    model_name: '۲۰۶ تیپ ۲',
    file_urls: ['https://cdn.example.ir/bm/206/catalog.pdf'],
    other_file_urls: [],
    logo_url: 'https://cdn.example.ir/bm/peugeot.svg',
  };

  it('parses a model and a brand selection', () => {
    expect(BrandModelSelectionSchema.parse(model).model_id).toBe(41);
    expect(BrandModelSelectionSchema.parse({ ...model, level: 'brand', model_id: null, model_name: null }).level).toBe('brand');
  });

  it('refuses a model id at brand level', () => {
    expect(BrandModelSelectionSchema.safeParse({ ...model, level: 'brand' }).success).toBe(false);
  });
});
