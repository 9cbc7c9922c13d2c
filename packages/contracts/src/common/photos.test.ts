import { describe, expect, it } from 'vitest';
import { PHOTO_SLOT_LABELS, PhotoSlotSchema } from './photos';

describe('photo slots', () => {
  it('has five labelled slots', () => {
    expect(PhotoSlotSchema.options).toEqual(['front', 'back', 'odometer', 'left', 'right']);
    expect(PHOTO_SLOT_LABELS.left).toBe('سمت راننده');
  });
});
