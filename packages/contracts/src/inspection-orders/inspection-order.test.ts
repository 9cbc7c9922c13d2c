import { describe, expect, it } from 'vitest';
import { InspectionOrderDetailSchema } from './inspection-order';

describe('InspectionOrderDetailSchema', () => {
  const order = {
    customer_name: 'علی رضایی',
    phone_number: '09121234567',
    city: 'تهران',
    inspection_center: null,
    center: null,
    visit_place: 'تهران، سعادت‌آباد، خیابان سرو غربی، پلاک ۱۲',
    description: 'خودرو در پارکینگ است',
    state: 'O',
    brand_model: 'پژو ۲۰۶ تیپ ۲',
    package: 'کارشناسی کامل',
    visit_time: '2025-03-21T06:30:00Z',
    concierge_sale: null,
    operation_note: null,
    is_canceled: false,
    price_diff: 0,
    is_immediate: false,
    seller_name: 'مریم احمدی',
    seller_phone_number: '09351234567',
  };

  it('parses an order', () => {
    expect(InspectionOrderDetailSchema.parse(order)).toEqual(order);
  });

  it('accepts order-list and inspection states alike', () => {
    expect(InspectionOrderDetailSchema.parse({ ...order, state: 'R' }).state).toBe('R');
    expect(InspectionOrderDetailSchema.parse({ ...order, state: 'F', is_canceled: true }).state).toBe('F');
    expect(InspectionOrderDetailSchema.safeParse({ ...order, state: 'Z' }).success).toBe(false);
  });
});
