import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VirtualGrid, visibleRows, type GridPosition } from './virtual-grid';

describe('visibleRows', () => {
  it('takes the rows in view below the header, and the overscan on each side, from the scroll position alone', () => {
    // 1080 high, a 52 px header, rows of 84: rows 0-12 are in view at the top.
    expect(visibleRows(0, 1080, 5000, 84, 52, 4)).toEqual([0, 16]);
    expect(visibleRows(52 + 84 * 100, 1080, 5000, 84, 52, 4)).toEqual([96, 116]);
    expect(visibleRows(52 + 84 * 100 + 1, 1080, 5000, 84, 52, 0)).toEqual([100, 112]);
    expect(visibleRows(10_000_000, 1080, 5000, 84, 52, 4)).toEqual([4983, 4999]);
    expect(visibleRows(0, 0, 5000, 84, 52, 4)).toEqual([0, 4]);
    expect(visibleRows(0, 1080, 3, 84, 52, 4)).toEqual([0, 2]);
    expect(visibleRows(0, 1080, 0, 84, 52, 4)).toEqual([0, -1]);
  });
});

function Grid({ active = null, onActiveChange = () => {}, onOpen = () => {} }: { active?: GridPosition | null; onActiveChange?: (p: GridPosition) => void; onOpen?: (p: GridPosition) => void }) {
  return (
    <VirtualGrid
      label="جدول"
      rowCount={5000}
      columns={[1, 2, 3].map((c) => ({ key: String(c), header: `شیفت ${c}` }))}
      rowKey={(row) => `e${row}`}
      renderRowHeader={(row) => `کارشناس ${row}`}
      renderCell={(row, col) => `${row}:${col}`}
      active={active}
      onActiveChange={onActiveChange}
      onOpen={onOpen}
      rowHeight={84}
      headerHeight={52}
      height="100%"
    />
  );
}

describe('VirtualGrid', () => {
  it('mounts the rows the window can show in its first render, each in its place, and names only the active cell', () => {
    const view = render(<Grid active={{ row: 1, col: 2 }} />);
    const rows = view.container.querySelectorAll('[role="row"][data-key]');
    // jsdom's window is 768 high: rows 0-8 and 4 more.
    expect(rows).toHaveLength(13);
    expect(rows[1]!.getAttribute('aria-rowindex')).toBe('3');
    expect((rows[1] as HTMLElement).style.transform).toBe('translateY(136px)');
    const grid = view.getByRole('grid');
    const ids = [...grid.querySelectorAll('[role="gridcell"][id]')];
    expect(ids).toHaveLength(1);
    expect(grid.getAttribute('aria-activedescendant')).toBe(ids[0]!.id);
    expect(ids[0]!.getAttribute('aria-selected')).toBe('true');
    expect(ids[0]!.textContent).toBe('1:2');
  });

  it('opens the clicked cell and moves with the keys', () => {
    const onActiveChange = vi.fn();
    const onOpen = vi.fn();
    const view = render(<Grid onActiveChange={onActiveChange} onOpen={onOpen} />);
    fireEvent.click(view.getByText('3:1'));
    expect(onActiveChange).toHaveBeenLastCalledWith({ row: 3, col: 1 });
    expect(onOpen).toHaveBeenLastCalledWith({ row: 3, col: 1 });
    fireEvent.click(view.getByText('کارشناس 3'));
    expect(onOpen).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(view.getByRole('grid'), { key: 'ArrowDown' });
    expect(onActiveChange).toHaveBeenLastCalledWith({ row: 0, col: 0 });
  });
});
