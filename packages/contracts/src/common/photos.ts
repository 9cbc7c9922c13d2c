import { z } from 'zod';

export const PhotoSlotSchema = z.enum(['front', 'back', 'odometer', 'left', 'right']);
export type PhotoSlot = z.infer<typeof PhotoSlotSchema>;
// Left and right are named from the driver's seat: Iran drives on the right, so left is the driver side.
export const PHOTO_SLOT_LABELS: Record<PhotoSlot, string> = {
  front: 'نمای جلو',
  back: 'نمای عقب',
  odometer: 'کیلومترشمار',
  left: 'سمت راننده',
  right: 'سمت شاگرد',
};
