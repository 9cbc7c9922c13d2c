import { describe, expect, it } from 'vitest';
import {
  availabilityFromSwitch,
  canSaveNote,
  canSendAvailability,
  canSubmitCancel,
  drawerKind,
  filterOrderOptionsByCode,
  inspectionStateGroup,
  isAvailabilitySwitchOn,
  isOrderFieldsDisabled,
  isOrderPickerDisabled,
  normalizeVisitTime,
  pickDefaultDateOption,
  shouldSendVisitTime,
} from './dispatch-rules';
import { InspectionStateSchema } from '../common';

describe('pickDefaultDateOption', () => {
  const d = (type: 'today' | 'yesterday' | 'tommorrow' | 'date', date: string) => ({ type, date });

  it('prefers today, then tomorrow, then yesterday, then the first', () => {
    const all = [d('date', '2025-03-18'), d('yesterday', '2025-03-19'), d('today', '2025-03-20'), d('tommorrow', '2025-03-21')];
    expect(pickDefaultDateOption(all)?.type).toBe('today');
    expect(pickDefaultDateOption(all.filter((o) => o.type !== 'today'))?.type).toBe('tommorrow');
    expect(pickDefaultDateOption([d('date', '2025-03-18'), d('yesterday', '2025-03-19')])?.type).toBe('yesterday');
    expect(pickDefaultDateOption([d('date', '2025-03-18'), d('date', '2025-03-17')])?.date).toBe('2025-03-18');
  });

  it('gives undefined for no options', () => {
    expect(pickDefaultDateOption([])).toBeUndefined();
  });
});

describe('inspectionStateGroup', () => {
  it('groups every state', () => {
    expect(inspectionStateGroup('F')).toEqual({ group: 'canceled', color: 'red', clickable: false });
    for (const s of ['E', 'O', 'I', 'S', 'M', 'T'] as const) {
      expect(inspectionStateGroup(s)).toEqual({ group: 'doing', color: 'green', clickable: true });
    }
    for (const s of ['D', 'Q', 'W'] as const) {
      expect(inspectionStateGroup(s)).toEqual({ group: 'done', color: 'blue', clickable: false });
    }
    for (const s of InspectionStateSchema.options) expect(inspectionStateGroup(s)).toBeDefined();
  });
});

describe('drawerKind', () => {
  const off = { cancelMode: false };

  it('is cancel in cancel mode', () => {
    expect(drawerKind({ state: 2, inspection: { pk: 1 } }, { cancelMode: true })).toBe('cancel');
  });

  it('is assigned when the cell has an inspection', () => {
    expect(drawerKind({ state: 2, inspection: { pk: 1 } }, off)).toBe('assigned');
    expect(drawerKind({ state: 0, inspection: { pk: 1 }, hold: { holder_username: 'x' } }, off)).toBe('assigned');
  });

  it('is reserved when the cell has a temporary reserve', () => {
    expect(drawerKind({ state: 0, hold: { holder_username: 'x' } }, off)).toBe('reserved');
    expect(drawerKind({ state: 0, hold: { holder_username: 'x' } }, { cancelMode: false, viewer: 'x' })).toBe('reserved');
  });

  it("is held when another dispatcher's reserve is on the cell", () => {
    expect(drawerKind({ state: 0, hold: { holder_username: 'x' } }, { cancelMode: false, viewer: 'y' })).toBe('held');
  });

  it('is unassigned when available or busy with nothing on it', () => {
    expect(drawerKind({ state: 0 }, off)).toBe('unassigned');
    expect(drawerKind({ state: 2, inspection: null, hold: null }, off)).toBe('unassigned');
  });

  it('is unset otherwise', () => {
    expect(drawerKind({ state: 1 }, off)).toBe('unset');
    expect(drawerKind({ state: 3 }, off)).toBe('unset');
    expect(drawerKind({ state: 4 }, off)).toBe('unset');
  });
});

describe('field rules', () => {
  it('disables the order fields on an unavailable slot only', () => {
    expect(isOrderFieldsDisabled(1)).toBe(true);
    for (const s of [0, 2, 3, 4] as const) expect(isOrderFieldsDisabled(s)).toBe(false);
  });

  it('locks the order picker on a final assignment outside the unassigned drawer', () => {
    expect(isOrderPickerDisabled({ cellState: 1, inspectionState: null, kind: 'unassigned' })).toBe(true);
    expect(isOrderPickerDisabled({ cellState: 2, inspectionState: 'O', kind: 'assigned' })).toBe(true);
    expect(isOrderPickerDisabled({ cellState: 2, inspectionState: 'O', kind: 'unassigned' })).toBe(false);
    expect(isOrderPickerDisabled({ cellState: 2, inspectionState: 'E', kind: 'assigned' })).toBe(false);
    expect(isOrderPickerDisabled({ cellState: 0, kind: 'reserved' })).toBe(false);
  });

  it('starts the switch on unless unavailable and sends 0 or 1', () => {
    expect(isAvailabilitySwitchOn(1)).toBe(false);
    expect(isAvailabilitySwitchOn(2)).toBe(true);
    expect(availabilityFromSwitch(true)).toBe(0);
    expect(availabilityFromSwitch(false)).toBe(1);
  });
});

describe('submit guards', () => {
  it('needs a cancel type other than unset and an inspection pk', () => {
    expect(canSubmitCancel({ cancelType: 'by_expert', inspectionPk: 12 })).toBe(true);
    expect(canSubmitCancel({ cancelType: 'unset', inspectionPk: 12 })).toBe(false);
    expect(canSubmitCancel({ cancelType: 'by_customer', inspectionPk: undefined })).toBe(false);
    expect(canSubmitCancel({ cancelType: 'by_customer', inspectionPk: 0 })).toBe(true);
  });

  it('saves a note only with content, expert and shift', () => {
    expect(canSaveNote({ content: 'تماس گرفته شد', expertId: 1, shiftId: 2 })).toBe(true);
    expect(canSaveNote({ content: '   ', expertId: 1, shiftId: 2 })).toBe(false);
    expect(canSaveNote({ content: 'x', expertId: null, shiftId: 2 })).toBe(false);
    expect(canSaveNote({ content: 'x', expertId: 1, shiftId: undefined })).toBe(false);
  });

  it('sends availability only with expert and shift', () => {
    expect(canSendAvailability({ expertId: 1, shiftId: 2 })).toBe(true);
    expect(canSendAvailability({ expertId: 1, shiftId: null })).toBe(false);
    expect(canSendAvailability({ expertId: '', shiftId: 2 })).toBe(false);
  });
});

describe('visit time', () => {
  it('normalises times in any digit script', () => {
    expect(normalizeVisitTime('۱۰:۳۰')).toBe('10:30');
    expect(normalizeVisitTime('9:05')).toBe('09:05');
    expect(normalizeVisitTime('10:00:00')).toBe('10:00');
    expect(normalizeVisitTime('24:00')).toBeNull();
    expect(normalizeVisitTime('10')).toBeNull();
    expect(normalizeVisitTime('')).toBeNull();
  });

  it('sends only a valid time that differs from the current one', () => {
    expect(shouldSendVisitTime('10:00:00', '10:00')).toBe(false);
    expect(shouldSendVisitTime('10:00', '۱۰:۰۰')).toBe(false);
    expect(shouldSendVisitTime('10:00', '11:30')).toBe(true);
    expect(shouldSendVisitTime(null, '11:30')).toBe(true);
    expect(shouldSendVisitTime('10:00', '')).toBe(false);
    expect(shouldSendVisitTime('10:00', 'abc')).toBe(false);
  });
});

describe('filterOrderOptionsByCode', () => {
  const options = [{ code: '12345' }, { code: '12999' }, { code: '22345' }, { code: 'AB120' }];

  it('keeps codes starting with the typed text, digits converted', () => {
    expect(filterOrderOptionsByCode(options, '12')).toEqual([{ code: '12345' }, { code: '12999' }]);
    expect(filterOrderOptionsByCode(options, '۱۲۳')).toEqual([{ code: '12345' }]);
    expect(filterOrderOptionsByCode(options, '٢٢')).toEqual([{ code: '22345' }]);
    expect(filterOrderOptionsByCode(options, 'ab')).toEqual([{ code: 'AB120' }]);
    expect(filterOrderOptionsByCode(options, '345')).toEqual([]);
  });

  it('keeps everything for empty input and accepts numeric codes', () => {
    expect(filterOrderOptionsByCode(options, ' ')).toHaveLength(4);
    expect(filterOrderOptionsByCode([{ code: 501 }, { code: 601 }], '۵')).toEqual([{ code: 501 }]);
  });
});
