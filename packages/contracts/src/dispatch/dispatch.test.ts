import { describe, expect, it } from 'vitest';
import { AssignOrderInputSchema, CreateNoteInputSchema, DuplicateTimeslotInputSchema } from './inputs';
import { CellSchema, DateKeySchema, type Cell } from './entities';
import { LiveMessageSchema, liveShiftToCell } from './live';

const cell: Cell = {
  pk: 501,
  expert_id: 7,
  shift_id: 12,
  state: 2,
  inspection: {
    pk: 9,
    code: '6000123',
    state: 'O',
    visit_time: '10:30',
    brand_model: 'پژو ۲۰۶ تیپ ۲',
    selected_package_name: 'کارشناسی کامل',
    visit_place: 'تهران، ونک',
    price: 690000,
  },
  hold: null,
  version: 4,
  updated_at: '2025-03-21T06:30:00.000Z',
};

describe('dispatch contracts', () => {
  it('a live shift carries the shift pk as pk and the cell pk as cell_pk, and turns back into the cell', () => {
    const message = LiveMessageSchema.parse([{ pk: 7, shifts: [{ ...cell, pk: 12, cell_pk: 501 }] }]);
    expect(liveShiftToCell(message[0]!.shifts[0]!)).toEqual(CellSchema.parse(cell));
  });

  it('normalizes visit times typed in Persian or Arabic digits and refuses other text in Persian', () => {
    expect(AssignOrderInputSchema.parse({ inspectionId: 1, timeslotId: 2, visitTime: '۹:۳۰' }).visitTime).toBe('09:30');
    expect(AssignOrderInputSchema.parse({ inspectionId: 1, timeslotId: 2, visitTime: '١٠:٠٠' }).visitTime).toBe('10:00');
    const bad = AssignOrderInputSchema.safeParse({ inspectionId: 1, timeslotId: 2, visitTime: '25:00' });
    expect(bad.error?.issues[0]?.message).toBe('زمان بازدید باید به شکل ساعت:دقیقه باشد، مثلا 10:00.');
  });

  it('trims notes, refuses empty ones, and refuses duplicating a day onto itself', () => {
    expect(CreateNoteInputSchema.parse({ shiftId: 1, expertId: 2, content: ' سلام ' })).toEqual({ shiftId: 1, expertId: 2, content: 'سلام', isActive: true });
    expect(CreateNoteInputSchema.safeParse({ shiftId: 1, expertId: 2, content: '  ' }).error?.issues[0]?.message).toBe('متن یادداشت خالی است.');
    expect(DuplicateTimeslotInputSchema.safeParse({ fromDate: '2025-03-21', toDate: '2025-03-21' }).success).toBe(false);
    expect(DateKeySchema.safeParse('1404/01/01').error?.issues[0]?.message).toBe('تاریخ نامعتبر است.');
  });
});
